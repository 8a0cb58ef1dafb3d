import { formatMoney } from '@esign/shared';
import { PDF, rgb } from '@libpdf/core';
import type { InvoiceLine } from '../../data/billing.js';
import { PdfFonts } from '../../platform/pdf/seal/fonts.js';

export interface InvoiceDocument {
  number: string;
  issuedAt: Date;
  currency: string;
  seller: string[];
  buyer: string[];
  lines: InvoiceLine[];
  totalCents: number;
  chargeRef: string | null;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const FONT = 'notoSans';
const GREY = rgb(0.4, 0.4, 0.4);

/**
 * An invoice as one A4 PDF page: number, date, seller and buyer, the lines, the total and the currency. Text is
 * drawn with the seal's fonts (any script a name may be written in). User text is only ever drawn as text.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const pdf = PDF.create();
  const fonts = new PdfFonts(pdf);
  const page = pdf.addPage(PAGE);
  const write = (text: string, x: number, y: number, size = 10, color = rgb(0, 0, 0)) => {
    let left = x;
    for (const run of fonts.runs(text.slice(0, 120), FONT, size)) {
      page.drawText(run.text, { x: left, y, font: run.font, size, color });
      left += run.width;
    }
  };
  const widthOf = (text: string, size: number) => fonts.runs(text, FONT, size).reduce((sum, run) => sum + run.width, 0);
  const writeRight = (text: string, right: number, y: number, size = 10) =>
    write(text, right - widthOf(text, size), y, size);

  let y = PAGE.height - MARGIN - 10;
  write('Invoice', MARGIN, y, 22);
  writeRight(invoice.number, PAGE.width - MARGIN, y, 12);
  y -= 24;
  write(`Date: ${invoice.issuedAt.toISOString().slice(0, 10)}`, MARGIN, y, 10, GREY);
  writeRight(`Currency: ${invoice.currency}`, PAGE.width - MARGIN, y, 10);
  y -= 36;
  write('From', MARGIN, y, 9, GREY);
  write('Bill to', PAGE.width / 2, y, 9, GREY);
  y -= 14;
  const rows = Math.max(invoice.seller.length, invoice.buyer.length);
  for (let index = 0; index < rows; index++) {
    write(invoice.seller[index] ?? '', MARGIN, y);
    write(invoice.buyer[index] ?? '', PAGE.width / 2, y);
    y -= 14;
  }
  y -= 24;
  const columns = { quantity: 360, unit: 450, total: PAGE.width - MARGIN };
  write('Description', MARGIN, y, 9, GREY);
  writeRight('Qty', columns.quantity, y, 9);
  writeRight('Unit price', columns.unit, y, 9);
  writeRight('Amount', columns.total, y, 9);
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, color: GREY, thickness: 0.5 });
  y -= 16;
  for (const line of invoice.lines) {
    write(line.description, MARGIN, y);
    writeRight(String(line.quantity), columns.quantity, y);
    writeRight(formatMoney(line.unitCents), columns.unit, y);
    writeRight(formatMoney(line.totalCents), columns.total, y);
    y -= 18;
  }
  page.drawLine({
    start: { x: 300, y: y + 6 },
    end: { x: PAGE.width - MARGIN, y: y + 6 },
    color: GREY,
    thickness: 0.5,
  });
  y -= 10;
  write('Total', 300, y, 12);
  writeRight(`${formatMoney(invoice.totalCents)} ${invoice.currency}`, columns.total, y, 12);
  y -= 36;
  if (invoice.chargeRef) write(`Paid by card. Payment reference: ${invoice.chargeRef}`, MARGIN, y, 9, GREY);
  return pdf.save({ subsetFonts: true });
}

/** An invoice's lines; a standard renewal stores none: its one line is its description and amount. */
export function invoiceLines(invoice: { lines: unknown; description: string; amountCents: number }): InvoiceLine[] {
  if (Array.isArray(invoice.lines)) return invoice.lines as InvoiceLine[];
  const cents = invoice.amountCents;
  return [{ description: invoice.description, quantity: 1, unitCents: cents, totalCents: cents }];
}
