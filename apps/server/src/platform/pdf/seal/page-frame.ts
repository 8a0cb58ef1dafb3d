import { type PDF, PdfArray, PdfDict, PdfNumber, type PdfObject, PdfRef } from '@libpdf/core';
import { type Box, normaliseRotation, type PageFrame, visibleBox } from './placement.js';

const US_LETTER: Box = { x: 0, y: 0, width: 612, height: 792 };

/**
 * A page's visible box and rotation, read from its dictionary and inherited from its parents as the PDF
 * specification says (MediaBox, CropBox and Rotate are inheritable). Read here rather than through the library's
 * page boxes, which take the box's upper corner for its size.
 */
export function readPageFrame(pdf: PDF, pageIndex: number): PageFrame {
  const page = pdf.getPage(pageIndex);
  if (!page) throw new Error(`page ${pageIndex + 1} does not exist`);
  const resolve = (object: PdfObject | undefined) => (object instanceof PdfRef ? pdf.getObject(object) : object);
  const inherited = (name: string): PdfObject | undefined => {
    let dict: PdfDict | undefined = page.dict;
    for (let depth = 0; dict && depth < 64; depth++) {
      const value = resolve(dict.get(name));
      if (value !== undefined && value !== null) return value;
      const parent = resolve(dict.get('Parent'));
      dict = parent instanceof PdfDict ? parent : undefined;
    }
    return undefined;
  };
  const mediaBox = readBox(inherited('MediaBox'), resolve) ?? US_LETTER;
  const cropBox = readBox(inherited('CropBox'), resolve) ?? mediaBox;
  const rotate = resolve(inherited('Rotate'));
  return {
    visible: visibleBox(mediaBox, cropBox),
    rotation: normaliseRotation(rotate instanceof PdfNumber ? rotate.value : 0),
  };
}

function readBox(object: PdfObject | undefined | null, resolve: (o: PdfObject | undefined) => unknown): Box | null {
  if (!(object instanceof PdfArray) || object.length < 4) return null;
  const values: number[] = [];
  for (let index = 0; index < 4; index++) {
    const value = resolve(object.at(index));
    if (!(value instanceof PdfNumber) || !Number.isFinite(value.value)) return null;
    values.push(value.value);
  }
  const [x1, y1, x2, y2] = values as [number, number, number, number];
  if (x1 === x2 || y1 === y2) return null;
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}
