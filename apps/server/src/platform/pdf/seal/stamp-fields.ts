import { FIELD_KINDS, type FieldType, FONT_SIZE } from '@esign/shared';
import { ops, type PDF, type PDFImage, type PDFPage, rgb } from '@libpdf/core';
import type { PdfFonts } from './fonts.js';
import { readPageFrame } from './page-frame.js';
import { type Box, localToUser, type Placement, placeBox } from './placement.js';

/** A field's value as it is stamped: coordinates in points on the page as displayed, origin top-left. */
export interface StampField {
  type: FieldType;
  /** 1-based. */
  pageNumber: number;
  coordinateX: number;
  coordinateY: number;
  width: number;
  height: number;
  text: string | null;
  checked: boolean;
  fontFamily: string | null;
  fontSize: number | null;
  /**
   * The signature or initials picture (PNG or JPEG) of a field its kind stamps as an image. Without one, a typed
   * signature's `text` is written in its `fontFamily`, as large as the box allows.
   */
  image: Uint8Array | null;
}

/** Space kept between a text value and the field's left edge, in points. */
const TEXT_PADDING = 2;
const INK = rgb(0, 0, 0);

/** Stamps every field that has a value into the page content; fields without one are left out. */
export function stampFields(pdf: PDF, fonts: PdfFonts, fields: StampField[]): void {
  const pageCount = pdf.getPageCount();
  // One image object per picture, however many fields show it.
  const images = new Map<Uint8Array, PDFImage | null>();
  const embedded = (bytes: Uint8Array): PDFImage | null => {
    if (!images.has(bytes)) {
      let image: PDFImage | null = null;
      try {
        image = pdf.embedImage(bytes);
      } catch {
        // A picture the library cannot read must not keep the document from being sealed: the typed text, if
        // any, is written instead; the certificate records the signature either way.
      }
      images.set(bytes, image);
    }
    return images.get(bytes) ?? null;
  };
  for (const field of fields) {
    // A field left on a page the document no longer has cannot be drawn; it must not block the seal either.
    if (!Number.isInteger(field.pageNumber) || field.pageNumber < 1 || field.pageNumber > pageCount) continue;
    const page = pdf.getPage(field.pageNumber - 1) as PDFPage;
    const box: Box = { x: field.coordinateX, y: field.coordinateY, width: field.width, height: field.height };
    const placement = placeBox(readPageFrame(pdf, field.pageNumber - 1), box);
    const stamp = FIELD_KINDS[field.type].stamp;
    switch (stamp) {
      case 'image': {
        const image = field.image ? embedded(field.image) : null;
        if (image) stampImage(page, placement, box, image);
        else if (field.text?.trim()) stampTypedSignature(page, fonts, placement, box, field);
        break;
      }
      case 'text':
        if (field.text?.trim()) stampText(page, fonts, placement, box, field);
        break;
      case 'checkbox':
        stampCheckbox(page, placement, box, field.checked);
        break;
      default:
        // Every stamp has its case: a new one fails to compile here.
        stamp satisfies never;
    }
  }
}

/** The picture fitted into the box keeping its aspect ratio, centred. */
function stampImage(page: PDFPage, placement: Placement, box: Box, image: PDFImage): void {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const at = localToUser(placement, (box.width - width) / 2, (box.height - height) / 2);
  page.drawImage(image, { x: at.x, y: at.y, width, height, rotate: { angle: placement.angle, origin: at } });
}

/** One line per line of the value, in the field's font and size, the block centred vertically. */
function stampText(
  page: PDFPage,
  fonts: PdfFonts,
  placement: Placement,
  box: Box,
  field: Pick<StampField, 'text' | 'fontFamily' | 'fontSize'>,
): void {
  const size = field.fontSize ?? FONT_SIZE.default;
  const descriptor = fonts.primary(field.fontFamily).descriptor;
  const ascent = ((descriptor?.ascent ?? 800) * size) / 1000;
  const descent = (Math.abs(descriptor?.descent ?? -200) * size) / 1000;
  const lineHeight = size * 1.2;
  const lines = (field.text ?? '').split(/\r\n|\r|\n/);
  const blockHeight = ascent + descent + (lines.length - 1) * lineHeight;
  const top = Math.max(0, (box.height - blockHeight) / 2);
  lines.forEach((line, index) => {
    const baseline = box.height - top - ascent - index * lineHeight;
    let x = TEXT_PADDING;
    for (const run of fonts.runs(line, field.fontFamily, size)) {
      const at = localToUser(placement, x, baseline);
      page.drawText(run.text, {
        x: at.x,
        y: at.y,
        font: run.font,
        size,
        color: INK,
        rotate: { angle: placement.angle, origin: at },
      });
      x += run.width;
    }
  });
}

/** Typed signature text without its picture: its font, sized to fill the box's height and fit its width. */
function stampTypedSignature(
  page: PDFPage,
  fonts: PdfFonts,
  placement: Placement,
  box: Box,
  field: Pick<StampField, 'text' | 'fontFamily'>,
): void {
  const text = (field.text ?? '').replace(/\s+/g, ' ').trim();
  const byHeight = box.height * 0.7;
  const widthAtOne = fonts.runs(text, field.fontFamily, 1).reduce((sum, run) => sum + run.width, 0);
  const size = Math.max(1, Math.min(byHeight, widthAtOne > 0 ? (box.width - 2 * TEXT_PADDING) / widthAtOne : byHeight));
  stampText(page, fonts, placement, box, { text, fontFamily: field.fontFamily, fontSize: size });
}

/** A thin square the size of the box, and a check mark inside when checked. */
function stampCheckbox(page: PDFPage, placement: Placement, box: Box, checked: boolean): void {
  const side = Math.min(box.width, box.height);
  const left = (box.width - side) / 2;
  const bottom = (box.height - side) / 2;
  const radians = (placement.angle * Math.PI) / 180;
  const cos = Math.round(Math.cos(radians));
  const sin = Math.round(Math.sin(radians));
  const border = Math.max(0.5, side / 25);
  const operators = [
    ops.pushGraphicsState(),
    ops.concatMatrix(cos, sin, -sin, cos, placement.origin.x, placement.origin.y),
    ops.setStrokingRGB(0, 0, 0),
    ops.setLineWidth(border),
    // Inset by half the line, so the square stays inside the box.
    ops.rectangle(left + border / 2, bottom + border / 2, side - border, side - border),
    ops.stroke(),
  ];
  if (checked) {
    operators.push(
      ops.setLineWidth(Math.max(1, side / 8)),
      ops.setLineCap(1),
      ops.setLineJoin(1),
      ops.moveTo(left + side * 0.2, bottom + side * 0.52),
      ops.lineTo(left + side * 0.42, bottom + side * 0.28),
      ops.lineTo(left + side * 0.8, bottom + side * 0.74),
      ops.stroke(),
    );
  }
  operators.push(ops.popGraphicsState());
  page.drawOperators(operators);
}
