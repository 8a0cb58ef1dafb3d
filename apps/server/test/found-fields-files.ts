import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfString, StandardFonts } from '@libpdf/core';
import { docxOfParagraphs } from './office-bombs.js';

/** Files carrying fields to find (issue 37): text tags in a PDF or a DOCX, and a PDF form. */

/** A Letter page with lines of text at the given baselines (PDF user space). */
export async function pdfWithText(lines: { text: string; x: number; y: number }[]): Promise<Uint8Array> {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 612, height: 792 });
  for (const line of lines) page.drawText(line.text, { x: line.x, y: line.y, size: 12, font: StandardFonts.Helvetica });
  return pdf.save();
}

/** A Letter page carrying a text field, a checkbox, a radio group, a dropdown and a signature field. */
export async function pdfWithForm(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 612, height: 792 });
  const form = pdf.getOrCreateForm();
  page.drawField(form.createTextField('Full name'), { x: 100, y: 700, width: 200, height: 20 });
  page.drawField(form.createCheckbox('agree'), { x: 100, y: 650, width: 16, height: 16 });
  const plan = form.createRadioGroup('plan', { options: ['Basic', 'Pro'] });
  page.drawField(plan, { x: 100, y: 600, width: 16, height: 16, option: 'Basic' });
  page.drawField(plan, { x: 100, y: 570, width: 16, height: 16, option: 'Pro' });
  page.drawField(form.createDropdown('size', { options: ['S', 'M', 'L'] }), { x: 300, y: 600, width: 80, height: 20 });
  // An unsigned signature field with its widget, as a form designer writes it (the library only makes one when
  // it signs), without the optional /P: its page is the one whose /Annots lists it.
  const signature = pdf.context.register(
    PdfDict.of({
      FT: PdfName.of('Sig'),
      T: PdfString.fromString('Signature1'),
      Type: PdfName.of('Annot'),
      Subtype: PdfName.of('Widget'),
      Rect: PdfArray.of(...[100, 400, 250, 440].map((value) => PdfNumber.of(value))),
    }),
  );
  const acroForm = pdf.getCatalog().get('AcroForm');
  const formDict = acroForm instanceof PdfDict ? acroForm : (pdf.getObject(acroForm as never) as PdfDict);
  (formDict.get('Fields') as PdfArray).push(signature);
  const annots = page.dict.get('Annots');
  (annots instanceof PdfArray ? annots : (pdf.getObject(annots as never) as PdfArray)).push(signature);
  return pdf.save();
}

/** A DOCX whose paragraphs are the given lines (LibreOffice converts it on upload). */
export function docxWithText(lines: string[]): Uint8Array {
  return docxOfParagraphs(lines.length, (index) => lines[index] ?? '');
}
