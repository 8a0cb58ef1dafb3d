import {
  type ActivateTemplateResponse,
  type BulkSendBatch,
  type Document,
  expiryDateOf,
  MESSAGES,
} from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyClient, keyClient } from '../../../test/api-keys.js';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { formClient, visitor } from '../../../test/forms.js';
import { setPlan, templateClient } from '../../../test/templates.js';

/**
 * A template's (and a form's) default expiry in days (issue 36): set, cleared and refused through their PATCH, kept
 * by a replica's merge, and applied by every path that makes a document from a template; a caller's own date wins.
 */
let t: TestApp;
let owner: { id: string; accessToken: string };
let tpl: ReturnType<typeof templateClient>;
beforeAll(async () => {
  t = await createTestApp({ config: { apiRateLimitPerSecond: 1000 } });
  owner = await authClient(t.app).loggedInUser();
  await setPlan(t.app, owner.id, 'business');
  tpl = templateClient(t.app, owner.accessToken);
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
/** The instant a document made now with a default expiry of `days` ends: the end of that day, UTC. */
const endOfDayIn = (days: number) => `${expiryDateOf(new Date(Date.now() + days * DAY))}T23:59:59.999Z`;

/** A live template of `roles` whose default expiry is `expiryDays`. */
async function liveWithExpiry(expiryDays: number | null, roles = ['Client']) {
  const draft = await tpl.readyDraft(roles);
  await tpl.ok(tpl.patch(draft.id, { expiryDays }));
  const activated = await tpl.ok<ActivateTemplateResponse>(tpl.activate(draft.id));
  expect(activated.errors).toEqual([]);
  return activated.template;
}

describe('a template’s default expiry', () => {
  it('is set, cleared and refused out of range with one message; a replica keeps it and its merge brings it back', async () => {
    const draft = await tpl.ok<Document>(tpl.create({ title: 'Lease', roles: [{ role: 'Tenant' }] }));
    expect(draft.expiryDays).toBeNull();
    expect((await tpl.ok<Document>(tpl.patch(draft.id, { expiryDays: 30 }))).expiryDays).toBe(30);
    for (const expiryDays of [0, 366, 2.5, -1, '30']) {
      const refused = await tpl.patch(draft.id, { expiryDays });
      expect(refused.statusCode, String(expiryDays)).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(MESSAGES.expiryDaysInvalid);
    }
    expect((await tpl.ok<Document>(tpl.docs.get(draft.id))).expiryDays).toBe(30);
    expect((await tpl.ok<Document>(tpl.patch(draft.id, { expiryDays: 365 }))).expiryDays).toBe(365);
    expect((await tpl.ok<Document>(tpl.patch(draft.id, { expiryDays: null }))).expiryDays).toBeNull();

    const live = await liveWithExpiry(7);
    const replica = await tpl.ok<Document>(tpl.replica(live.id));
    expect(replica.expiryDays).toBe(7);
    await tpl.ok(tpl.patch(replica.id, { expiryDays: 14 }));
    expect((await tpl.ok<Document>(tpl.merge(live.id, replica.id))).expiryDays).toBe(14);
    expect((await tpl.ok<Document>(tpl.copy(live.id))).expiryDays).toBe(14);
  });

  it('answers 404 for another account’s template', async () => {
    const stranger = templateClient(t.app, (await authClient(t.app).loggedInUser()).accessToken);
    const draft = await tpl.ok<Document>(tpl.create({ title: 'Mine', roles: [{ role: 'Client' }] }));
    expect((await stranger.patch(draft.id, { expiryDays: 5 })).statusCode).toBe(404);
    expect((await tpl.ok<Document>(tpl.docs.get(draft.id))).expiryDays).toBeNull();
  });
});

describe('documents made from a template with a default expiry', () => {
  it('create-document: expires that many days from now; none without a default', async () => {
    const live = await liveWithExpiry(10);
    const made = await tpl.ok<Document>(
      tpl.createDocument(live.id, { signers: [{ name: 'Ann Lee', email: uniqueEmail('ann') }] }),
    );
    expect(made).toMatchObject({ type: 'others', status: 'draft', templateId: live.id, expiryDays: null });
    expect(made.expiresAt).toBe(endOfDayIn(10));

    const plain = await liveWithExpiry(null);
    const without = await tpl.ok<Document>(
      tpl.createDocument(plain.id, { signers: [{ name: 'Ann Lee', email: uniqueEmail('ann') }] }),
    );
    expect(without.expiresAt).toBeNull();
  });

  it('bulk send: every row’s document expires after the default', async () => {
    const live = await liveWithExpiry(3);
    const rows = [1, 2].map((n) => ({ name: `Row ${n}`, email: uniqueEmail('bulk') }));
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/document_sign/bulk_send',
      headers: tpl.docs.headers,
      payload: { templateId: live.id, rows },
    });
    expect(sent.statusCode).toBe(200);
    const batchId = sent.json<{ batch: BulkSendBatch }>().batch.id;
    const batch = await vi.waitFor(
      async () => {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/api/v1/document_sign/bulk_send/${batchId}`,
          headers: tpl.docs.headers,
        });
        const found = answer.json<BulkSendBatch>();
        if (found.rows.some((row) => row.status === 'queued')) throw new Error('rows still queued');
        return found;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(batch.rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    for (const row of batch.rows) {
      const document = await tpl.ok<Document>(tpl.docs.get(row.documentId ?? ''));
      expect(document).toMatchObject({ status: 'awaiting', expiresAt: endOfDayIn(3) });
    }
  });

  it('public form: the submitted document expires after the form’s default', async () => {
    const forms = formClient(t.app, owner.accessToken);
    const draft = await forms.readyDraft();
    expect((await forms.ok<Document>(forms.patch(draft.id, { expiryDays: 5 }))).expiryDays).toBe(5);
    const refused = await forms.patch(draft.id, { expiryDays: 400 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.expiryDaysInvalid);
    const activated = await forms.ok<ActivateTemplateResponse>(forms.tpl.activate(draft.id));
    expect(activated.errors).toEqual([]);
    const submitted = await visitor(t.app).submit(draft.id, { name: 'Ann Lee', email: uniqueEmail('form') });
    expect(submitted.statusCode).toBe(200);
    const { documentId } = submitted.json<{ documentId: string }>();
    const document = await tpl.ok<Document>(tpl.docs.get(documentId));
    expect(document).toMatchObject({ status: 'awaiting', expiresAt: endOfDayIn(5) });
  });

  it('public API sign_request: the default applies without a date; the request’s own date wins', async () => {
    const live = await liveWithExpiry(20);
    expect((await tpl.addToApi(live.id)).statusCode).toBe(200);
    const { key } = await apiKeyClient(t.app, owner.accessToken).newKey({ mode: 'test' });
    const client = keyClient(t.app, key);
    const signers = [{ name: 'Ann Lee', email: uniqueEmail('api') }];

    const byDefault = await client.signRequest({ templateId: live.id, signers });
    const defaulted = await tpl.ok<Document>(tpl.docs.get(byDefault.documentId));
    expect(defaulted.expiresAt).toBe(endOfDayIn(20));

    const ownDate = expiryDateOf(new Date(Date.now() + 2 * DAY));
    const explicit = await client.signRequest({ templateId: live.id, signers, expiresAt: ownDate });
    const dated = await tpl.ok<Document>(tpl.docs.get(explicit.documentId));
    expect(dated.expiresAt).toBe(`${ownDate}T23:59:59.999Z`);
  });
});
