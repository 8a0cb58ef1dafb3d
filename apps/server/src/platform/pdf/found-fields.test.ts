import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { pdfWithForm, pdfWithText } from '../../../test/found-fields-files.js';
import { takeFieldsFromPdf } from './found-fields.js';

describe('takeFieldsFromPdf', () => {
  it('places a field over each tag, covers the tags and lists a tag it does not understand', async () => {
    const pdf = await PDF.load(
      await pdfWithText([
        { text: 'Signed by {{signature:1}} on {{date:2;required}}', x: 72, y: 700 },
        { text: 'Plan: {{dropdown:1;options=Basic|Pro|Team}} and {{payment:1}}', x: 72, y: 650 },
      ]),
    );
    const found = takeFieldsFromPdf(pdf);
    expect(found.unplaced).toEqual(['{{payment:1}}']);
    expect(found.isChanged).toBe(true);
    expect(found.fields.map((field) => [field.type, field.signer, field.settings])).toEqual([
      ['signature', 1, null],
      ['date', 2, null],
      ['dropdown', 1, { choices: ['Basic', 'Pro', 'Team'] }],
    ]);
    const [signature, date] = found.fields;
    // The first tag starts after 'Signed by ' and sits on the line whose baseline is 92 points below the top.
    expect(signature?.box.x).toBeGreaterThan(72 + 40);
    expect(signature?.box.x).toBeLessThan(72 + 70);
    expect(signature?.box.y).toBeGreaterThan(792 - 700 - 14);
    expect(signature?.box.y).toBeLessThan(792 - 700);
    expect(date?.box.x).toBeGreaterThan(signature?.box.x ?? 0);
    expect(signature?.pageIndex).toBe(0);
  });

  it('takes the form fields as ours, with their options and names, and removes them from the file', async () => {
    const pdf = await PDF.load(await pdfWithForm());
    const found = takeFieldsFromPdf(pdf);
    expect(found.unplaced).toEqual([]);
    expect(found.fields.map((field) => ({ type: field.type, settings: field.settings, box: field.box }))).toEqual([
      { type: 'text', settings: { name: 'Full name' }, box: { x: 100, y: 72, width: 200, height: 20 } },
      { type: 'checkbox', settings: { name: 'agree' }, box: { x: 100, y: 126, width: 16, height: 16 } },
      {
        type: 'radio',
        settings: { choices: ['Basic', 'Pro'], name: 'plan' },
        box: { x: 100, y: 176, width: 16, height: 46 },
      },
      {
        type: 'dropdown',
        settings: { choices: ['S', 'M', 'L'], name: 'size' },
        box: { x: 300, y: 172, width: 80, height: 20 },
      },
      { type: 'signature', settings: null, box: { x: 100, y: 352, width: 150, height: 40 } },
    ]);
    const saved = await PDF.load(await pdf.save());
    expect(saved.getForm()?.getFields() ?? []).toEqual([]);
    expect(saved.getPage(0)?.dict.get('Annots')?.toString() ?? '[]').toMatch(/^\[\s*\]$/);
  });
});
