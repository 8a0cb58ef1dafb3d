// Issue 37, done when: a document with a field of every type (FIELD_KINDS), a condition met and one not, and a
// formula is sent, signed at 375 px through the mailed link as a person does it (typing, choosing, ticking, uploading,
// drawing), and sealed; the sealed PDF read with pdftotext shows every value, and the hidden field's none.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type Document, type DocumentField, FIELD_TYPES, type FieldType } from '@esign/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type GrayImage, pdfsig, pdftotext, renderPage } from '../../apps/server/test/poppler.js';
import { firstLink, waitForMail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { corpus } from '../support/corpus.js';
import { bearer, sealedPdf, sentToBob } from '../support/documents.js';
import { drawOn } from '../support/signatures.js';

test.setTimeout(240_000);

/** The attached file: a real photograph, under the name a signer's phone would give it. */
const PHOTO = {
  name: 'passport-photo.jpg',
  mimeType: 'image/jpeg',
  buffer: readFileSync(corpus('images/jpeg_exif_orientation_6.jpg')),
};

/** What Bob types, chooses and ticks, as the sealed PDF prints it. */
const TYPED = {
  address: '221B Baker Street',
  postcode: 'SW1A 1AA',
  company: 'Signer Holdings Ltd',
  phone: '+14155552671',
  website: 'https://example.org/bob',
  plan: 'Team',
  billing: 'Yearly',
  extras: 'Training, Hosting',
  price: '$12.50',
  quantity: '4',
  total: '$50.00',
  rushReason: 'Needed before the audit',
};
/** The sender's value of the field whose condition is never met: hidden, so not kept and not printed. */
const HIDDEN_VALUE = 'APPROVAL-7781';

/**
 * A one-page order sent to Bob with one field of each type in two columns, in signing order (by Y, then X): a
 * formula from two numbers, a reason asked for only when 'Rush delivery' is ticked, and an approval code asked for
 * only when the total is above 1000 (never, here).
 */
async function everyTypeDocument(request: APIRequestContext) {
  const placed: Partial<Record<'rushReason' | 'approval', DocumentField>> = {};
  const sent = await sentToBob(request, 'Every field order', (field) => {
    const right = (type: FieldType, y: number, extra: Partial<DocumentField> = {}) =>
      field(type, y, { coordinateX: 330, ...extra });
    placed.rushReason = field('text', 430, {
      placeholder: 'Rush reason',
      width: 230,
      settings: { condition: { field: 'rush', op: 'checked' } },
    });
    placed.approval = right('text', 430, {
      placeholder: 'Approval code',
      width: 200,
      text: HIDDEN_VALUE,
      settings: { condition: { field: 'total', op: 'above', value: 1000 } },
    });
    return [
      field('text', 100, { placeholder: 'Street address', width: 200 }),
      right('name', 100, { width: 200 }),
      field('email', 140, { width: 230 }),
      right('company', 140, { placeholder: 'Company name', width: 200 }),
      field('phone', 180, { width: 200, settings: { country: 'US' } }),
      right('url', 180, { placeholder: 'Website', width: 200 }),
      field('dropdown', 220, { placeholder: 'Plan', settings: { choices: ['Basic', 'Pro', 'Team'] } }),
      right('date', 220),
      field('radio', 260, { placeholder: 'Billing', settings: { choices: ['Monthly', 'Yearly'] } }),
      right('multiselect', 260, {
        placeholder: 'Extras',
        width: 200,
        height: 72,
        settings: { choices: ['Support', 'Training', 'Hosting', 'Audit'], minChoices: 1 },
      }),
      field('number', 350, { placeholder: 'Unit price', settings: { name: 'price', decimals: 2, prefix: '$' } }),
      right('number', 350, { placeholder: 'Quantity', settings: { name: 'qty', min: 1, max: 10 } }),
      field('formula', 390, { settings: { name: 'total', formula: 'price * qty', decimals: 2, prefix: '$' } }),
      right('checkbox', 390, { placeholder: 'Rush delivery', settings: { name: 'rush' } }),
      placed.rushReason,
      placed.approval,
      field('attachment', 480, { width: 220 }),
      right('text', 480, {
        placeholder: 'Postcode',
        width: 90,
        settings: { pattern: 'postcode', postcodeCountry: 'GB' },
      }),
      field('stamp', 530),
      field('signature', 660, { width: 150, height: 50 }),
      right('initials', 660, { width: 90, height: 50 }),
    ];
  });
  return { ...sent, rushReason: placed.rushReason as DocumentField, approval: placed.approval as DocumentField };
}

/**
 * How many dark pixels (ink: a stroke, a picture, a check mark) a field's box holds on a page rendered at 72 dpi,
 * `inset` points in from its edges (a checkbox's square is drawn ticked or not: its tick is inside).
 */
function inkIn(image: GrayImage, field: DocumentField, inset = 0): number {
  let count = 0;
  for (let y = Math.ceil(field.coordinateY + inset); y < field.coordinateY + field.height - inset; y++) {
    for (let x = Math.ceil(field.coordinateX + inset); x < field.coordinateX + field.width - inset; x++) {
      if ((image.pixels[y * image.width + x] ?? 255) < 128) count++;
    }
  }
  return count;
}

test.describe('on a phone', () => {
  // A phone's pixel density, so the screenshots show the fields' text as a reader sees it.
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('a field of every type, a condition met and one not, and a formula: signed at 375 px, sealed, printed', async ({
    page,
  }) => {
    const { id, email, owner, rushReason, approval } = await everyTypeDocument(page.request);
    await page.goto(firstLink(await waitForMail(page.request, email, /to sign/)));
    await expect(page.getByRole('heading', { level: 1, name: 'Every field order' })).toBeVisible();
    const onPage = (fieldId: string) => page.locator(`[data-field-id="${fieldId}"]`);
    // Neither conditional field shows yet: 'Rush delivery' is not ticked, the total is empty.
    await expect(onPage(rushReason.id)).toHaveCount(0);
    await expect(onPage(approval.id)).toHaveCount(0);

    await page.getByRole('button', { name: 'Start signing' }).tap();
    const sheet = page.getByTestId('step-sheet');
    const next = () => sheet.getByRole('button', { name: 'Next' }).tap();
    await sheet.getByRole('textbox', { name: 'Street address' }).fill(TYPED.address);
    // The name and e-mail start with Bob's details, and the date with today's: no steps of their own.
    await next();
    await sheet.getByRole('textbox', { name: 'Company name' }).fill(TYPED.company);
    await next();
    const phone = sheet.getByRole('textbox', { name: 'Phone' });
    // The country is as wide as the number, so its name and calling code are not cut off at 375 px.
    const country = await sheet.getByRole('combobox', { name: 'Country' }).boundingBox();
    expect(country?.width).toBe((await phone.boundingBox())?.width);
    await phone.fill('415 555 2671');
    await phone.blur();
    await expect(phone).toHaveValue(TYPED.phone);
    await page.screenshot({ path: test.info().outputPath('every-type-phone-375.png') });
    await next();
    await sheet.getByRole('textbox', { name: 'Website' }).fill(TYPED.website);
    await next();
    await sheet.getByRole('combobox', { name: 'Plan' }).selectOption(TYPED.plan);
    await next();
    await sheet.getByRole('radio', { name: TYPED.billing }).tap();
    await next();
    const extras = sheet.getByRole('group', { name: 'Extras' });
    await extras.getByRole('checkbox', { name: 'Training' }).tap();
    await extras.getByRole('checkbox', { name: 'Hosting' }).tap();
    await page.screenshot({ path: test.info().outputPath('every-type-step-375.png') });
    await expectNoSeriousA11yViolations(page);
    await next();
    await sheet.getByRole('textbox', { name: 'Unit price' }).fill('12.50');
    await next();
    await sheet.getByRole('textbox', { name: 'Quantity' }).fill(TYPED.quantity);
    // The formula follows as Bob types, where it stands on the page; it is computed, so not a step.
    await expect(page.locator('[data-field-id]').filter({ hasText: TYPED.total })).toHaveCount(1);
    await next();
    await sheet.getByRole('checkbox', { name: 'Rush delivery' }).tap();
    // Ticked: the reason shows and is the next step. The total (50) is not above 1000: no approval code.
    await expect(onPage(rushReason.id)).toHaveCount(1);
    await next();
    await sheet.getByRole('textbox', { name: 'Rush reason' }).fill(TYPED.rushReason);
    await next();

    const [fileChooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      sheet.getByRole('button', { name: 'Attachment: Choose a file' }).tap(),
    ]);
    await fileChooser.setFiles(PHOTO);
    await expect(sheet.getByRole('button', { name: 'Attachment: Replace the file' })).toContainText(PHOTO.name);
    await next();
    // A text with the sender's rule: a British postcode.
    const postcode = sheet.getByRole('textbox', { name: 'Postcode' });
    await postcode.fill('SW1A');
    await expect(sheet.getByRole('alert')).toBeVisible();
    await postcode.fill(TYPED.postcode);
    await expect(sheet.getByRole('alert')).toHaveCount(0);
    await next();

    // The stamp's step opens the stamp chooser: one uploaded and placed at once.
    const stamps = page.getByRole('dialog', { name: 'Choose a stamp' });
    const [stampChooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      stamps.getByRole('button', { name: 'Choose image: Company stamp' }).tap(),
    ]);
    await stampChooser.setFiles(corpus('images/png_rgba_semitransparent_dice.png'));
    await stamps.getByRole('button', { name: 'Save stamp' }).tap();
    await expect(stamps).toHaveCount(0);

    // The signature's step opens the signature chooser: Bob draws his signature and initials.
    const chooser = page.getByRole('dialog');
    await chooser.getByRole('button', { name: 'Need a custom signature? Create it now!' }).tap();
    const modal = page.getByRole('dialog', { name: 'Create Signature' });
    await modal.getByRole('tab', { name: 'Draw it in' }).tap();
    await drawOn(page, 'Draw your signature');
    await drawOn(page, 'Draw your initials');
    // A drawing survives the screen's width changing (a phone turned; a dialog that settles late): resizing a canvas
    // clears it, and DrawPad used to drop the drawing with it, leaving 'Create Signature' disabled.
    const screen = page.viewportSize() ?? { width: 375, height: 800 };
    await page.setViewportSize({ width: 414, height: screen.height });
    await page.setViewportSize(screen);
    await modal.getByRole('checkbox').tap();
    await modal.getByRole('button', { name: 'Create Signature' }).tap();
    await expect(modal).toHaveCount(0);
    // The initials' step: the drawn initials saved with the signature, chosen from the list.
    const initials = page.getByRole('dialog', { name: 'Choose your initials' });
    await initials.getByRole('button', { name: 'Sign Now' }).tap();
    await expect(initials).toHaveCount(0);

    await page.screenshot({ path: test.info().outputPath('every-type-375.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await expect(onPage(approval.id)).toHaveCount(0);
    await page
      .getByRole('button', { name: /Submit/ })
      .first()
      .tap();
    await page.getByRole('dialog', { name: 'Almost done!' }).getByRole('button', { name: 'I Agree' }).tap();
    await expect(page.getByRole('dialog', { name: 'You have signed the document' })).toBeVisible();

    const sealed = await sealedPdf(page.request, owner, id);
    writeFileSync(test.info().outputPath('sealed.pdf'), sealed);
    const answer = await page.request.get(`/api/v1/documents/${id}`, { headers: bearer(owner) });
    const document = (await answer.json()) as Document;
    const ofType = (type: FieldType) => document.fields.filter((field) => field.type === type);
    // Every type is on the document.
    expect([...new Set(document.fields.map((field) => field.type))].sort()).toEqual([...FIELD_TYPES].sort());
    const date = ofType('date')[0]?.text ?? '';
    expect(date).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(document.fields.find((field) => field.id === approval.id)?.text ?? null).toBeNull();
    expect(ofType('checkbox')[0]?.checked).toBe(true);

    // Page 1 prints every value where its field stands (the attachment's is its file's name); not the hidden one's.
    const values = pdftotext(sealed, { first: 1, last: 1 });
    for (const value of [...Object.values(TYPED), 'Bob Signer', email, date, PHOTO.name]) {
      expect(values).toContain(value);
    }
    expect(pdftotext(sealed)).not.toContain(HIDDEN_VALUE);
    // The certificate (the pages after the document's one) lists the attached file with its SHA-256.
    const certificate = pdftotext(sealed, { first: 2 });
    expect(certificate).toContain(`${PHOTO.name} (${PHOTO.buffer.length} bytes), by Bob Signer`);
    expect(certificate).toContain(createHash('sha256').update(PHOTO.buffer).digest('hex'));
    expect(pdfsig(sealed)).toContain('Signature is Valid.');

    // The pictures and the tick carry ink where their fields stand.
    const first = renderPage(sealed, 1);
    for (const type of ['signature', 'initials', 'stamp'] as const) {
      expect(inkIn(first, ofType(type)[0] as DocumentField), type).toBeGreaterThan(20);
    }
    expect(inkIn(first, ofType('checkbox')[0] as DocumentField, 4), 'the tick').toBeGreaterThan(20);
  });
});
