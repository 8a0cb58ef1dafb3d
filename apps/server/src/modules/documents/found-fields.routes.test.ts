import type { Document } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient } from '../../../test/documents.js';
import { docxWithText, pdfWithForm, pdfWithText } from '../../../test/found-fields-files.js';
import { renderPage } from '../../../test/poppler.js';
import { setPlan, templateClient } from '../../../test/templates.js';

// Issue 37 item 5: an uploaded file's text tags and PDF form fields arrive as fields, ready for review.

let t: TestApp;
let docs: ReturnType<typeof documentClient>;
let tpl: ReturnType<typeof templateClient>;
beforeAll(async () => {
  t = await createTestApp();
  const user = await authClient(t.app).loggedInUser();
  await setPlan(t.app, user.id, 'business');
  docs = documentClient(t.app, user.accessToken);
  tpl = templateClient(t.app, user.accessToken);
});
afterAll(async () => {
  await t?.close();
});

const signer = (name: string, email: string, order: number) => ({
  name,
  email,
  order,
  isPreparer: false,
});

async function uploaded(fileName: string, bytes: Uint8Array) {
  const document = await docs.create('others');
  await docs.uploadOk(document.id, fileName, Buffer.from(bytes));
  await docs.waitUntilFinished(document.id);
  return (await docs.get(document.id)).json<Document>();
}

async function storedPdf(document: Document) {
  return new Uint8Array(await t.app.platform.storage.getBuffer(document.pdfFileKey ?? ''));
}

/** The darkest pixel of a box of the page as displayed (255: all white). */
function darkestIn(bytes: Uint8Array, box: { x: number; y: number; width: number; height: number }) {
  const image = renderPage(bytes, 1);
  let darkest = 255;
  for (let y = Math.ceil(box.y); y < Math.floor(box.y + box.height); y++) {
    for (let x = Math.ceil(box.x); x < Math.floor(box.x + box.width); x++) {
      darkest = Math.min(darkest, image.pixels[y * image.width + x] ?? 255);
    }
  }
  return darkest;
}

describe('fields found in an uploaded file', () => {
  it('places a PDF text tag as a field over its box, covers it, reports an unknown tag and assigns signer numbers', async () => {
    const document = await uploaded(
      'tags.pdf',
      await pdfWithText([
        { text: 'Signed by {{signature:1}}', x: 72, y: 700 },
        { text: 'Date {{date:2;required}} plan {{dropdown:1;options=Basic|Pro|Team}}', x: 72, y: 650 },
        { text: 'Pay {{payment:1}}', x: 72, y: 600 },
      ]),
    );
    expect(document.parts[0]?.unplacedFields).toEqual(['{{payment:1}}']);
    const fields = [...document.fields].sort((a, b) => a.coordinateY - b.coordinateY || a.coordinateX - b.coordinateX);
    expect(fields.map((field) => [field.type, field.pageNumber, field.signerId, field.settings])).toEqual([
      ['signature', 1, null, null],
      ['date', 1, null, null],
      ['dropdown', 1, null, { choices: ['Basic', 'Pro', 'Team'] }],
    ]);
    const [signature] = fields;
    // Over the tag: after 'Signed by ' on the line whose baseline is 92 points below the page's top.
    expect(signature?.coordinateX).toBeGreaterThan(110);
    expect(signature?.coordinateX).toBeLessThan(140);
    expect(signature?.coordinateY).toBeGreaterThan(78);
    expect(signature?.coordinateY).toBeLessThan(92);

    // The tag is covered: the box it was drawn in is white, the text before it still shows.
    const pdf = await storedPdf(document);
    expect(darkestIn(pdf, { x: 125, y: 82, width: 60, height: 8 })).toBeGreaterThan(250);
    expect(darkestIn(pdf, { x: 72, y: 82, width: 40, height: 8 })).toBeLessThan(128);

    // The conversion's answer to the upload row names the tag too.
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${document.id}/convertion_data`,
      headers: docs.headers,
    });
    expect(progress.json().parts[0].unplacedFields).toEqual(['{{payment:1}}']);

    // Saving the signers gives each found field the signer its tag named.
    const saved = await docs.patch(document.id, {
      signers: [signer('Bob', 'bob@example.com', 1), signer('Carol', 'carol@example.com', 2)],
    });
    expect(saved.statusCode).toBe(200);
    const withSigners = saved.json<Document>();
    const [bob, carol] = withSigners.signers.filter((row) => !row.isPreparer);
    const signerOf = Object.fromEntries(withSigners.fields.map((field) => [field.type, field.signerId]));
    expect(signerOf).toEqual({ signature: bob?.id, date: carol?.id, dropdown: bob?.id });
  });

  it('takes a PDF form as our fields of the matching types, in place, and removes its widgets', async () => {
    const document = await uploaded('form.pdf', await pdfWithForm());
    expect(document.parts[0]?.unplacedFields).toBeNull();
    const fields = [...document.fields].sort((a, b) => a.coordinateY - b.coordinateY);
    expect(fields.map((field) => [field.type, field.coordinateX, field.coordinateY, field.settings])).toEqual([
      ['text', 100, 72, { name: 'Full name' }],
      ['checkbox', 100, 126, { name: 'agree' }],
      ['dropdown', 300, 172, { choices: ['S', 'M', 'L'], name: 'size' }],
      ['radio', 100, 176, { choices: ['Basic', 'Pro'], name: 'plan' }],
      ['signature', 100, 352, null],
    ]);
    const { PDF } = await import('@libpdf/core');
    const stored = await PDF.load(await storedPdf(document));
    expect(stored.getForm()?.getFields() ?? []).toEqual([]);
  });

  it('places the text tags of an uploaded DOCX, converted through LibreOffice', async () => {
    const document = await uploaded(
      'contract.docx',
      docxWithText(['This agreement is made between the parties.', 'Signature: {{signature:1}}', 'Date: {{date:1}}']),
    );
    expect(document.parts[0]?.errorText).toBeNull();
    const fields = [...document.fields].sort((a, b) => a.coordinateY - b.coordinateY);
    expect(fields.map((field) => [field.type, field.pageNumber])).toEqual([
      ['signature', 1],
      ['date', 1],
    ]);
    // Each on its own line, the date's below the signature's.
    expect((fields[1]?.coordinateY ?? 0) - (fields[0]?.coordinateY ?? 0)).toBeGreaterThan(8);
    expect(document.parts[0]?.unplacedFields).toBeNull();
  });

  it("gives a template's tags to its roles by number: at once for a role that exists, later for one added", async () => {
    const template = await tpl.ok<Document>(tpl.create({ title: 'NDA', roles: [{ role: 'Client' }] }));
    await docs.uploadOk(
      template.id,
      'nda.pdf',
      Buffer.from(await pdfWithText([{ text: '{{signature:1}} {{initials:2;optional}}', x: 72, y: 700 }])),
    );
    await docs.waitUntilFinished(template.id);
    const converted = (await docs.get(template.id)).json<Document>();
    const [client] = converted.signers;
    const signerOf = (document: Document) =>
      Object.fromEntries(document.fields.map((field) => [field.type, [field.signerId, field.required]]));
    expect(signerOf(converted)).toEqual({ signature: [client?.id, true], initials: [null, false] });

    const withManager = await tpl.ok<Document>(
      tpl.patch(template.id, { roles: [{ id: client?.id, role: 'Client' }, { role: 'Manager' }] }),
    );
    const manager = withManager.signers.find((row) => row.role === 'Manager');
    expect(signerOf(withManager)).toEqual({ signature: [client?.id, true], initials: [manager?.id, false] });
  });

  it('places the fields of a file once: a field deleted stays deleted when another file is added', async () => {
    const document = await uploaded(
      'tags.pdf',
      await pdfWithText([{ text: '{{text:1}} {{checkbox:1}}', x: 72, y: 700 }]),
    );
    expect(document.fields.map((field) => field.type).sort()).toEqual(['checkbox', 'text']);
    const kept = document.fields.filter((field) => field.type === 'text');
    expect((await docs.patch(document.id, { fields: kept })).statusCode).toBe(200);

    await docs.uploadOk(
      document.id,
      'second.pdf',
      Buffer.from(await pdfWithText([{ text: 'Page two {{initials:1}}', x: 72, y: 700 }])),
    );
    await docs.waitUntilFinished(document.id);
    const combined = (await docs.get(document.id)).json<Document>();
    expect(combined.pdfMetadata?.pages).toHaveLength(2);
    expect(combined.fields.map((field) => [field.type, field.pageNumber]).sort()).toEqual([
      ['initials', 2],
      ['text', 1],
    ]);
  });
});
