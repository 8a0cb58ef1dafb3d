import { createHash } from 'node:crypto';
import { API_PREFIX, DAY_MS, ERASED_NAME, MESSAGES } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient, keyClient } from '../../../test/api-keys.js';
import { createTestApp, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { teamClient } from '../../../test/teams.js';
import { listChainedRows, recordActivity } from '../../data/activity.js';
import { checkChain } from '../../platform/crypto/audit-chain.js';
import {
  bulkSendBatches,
  bulkSendRows,
  documentActivities,
  documents,
  erasures,
  events,
  signers,
  signingTokens,
} from '../../platform/db/schema.js';

const OPERATOR_TOKEN = 'operator-token-for-retention-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.platform.database.db;
type Session = { accessToken: string };

function call(session: Session, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `${API_PREFIX}${url}`,
    headers: { authorization: `Bearer ${session.accessToken}` },
    ...(payload ? { payload } : {}),
  });
}

function sweep(asOf: Date) {
  return t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/operator/documents/retention-sweep`,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    payload: { asOf: asOf.toISOString() },
  });
}

/** An awaiting document signed by its one signer and sealed: its id, owner, signer's address and sealed bytes. */
async function sealedDocument(title: string, email?: string) {
  const doc = await awaitingDocument(t.app, {
    title,
    signers: [{ fields: [{ type: 'checkbox' }], ...(email ? { email } : {}) }],
  });
  const [signer] = doc.signers;
  if (!signer) throw new Error('signer');
  const answer = await signerClient(t.app, signer.token)(
    'PATCH',
    `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
    { fields: [{ id: signer.fieldIds[0], checked: true }], consent: 'I agree' },
  );
  expect(answer.statusCode).toBe(200);
  const row = await waitForSealed(t.app, doc.documentId);
  const bytes = await t.app.platform.storage.getBuffer(row.resultPdfFileKey ?? '');
  return { ...doc, row, bytes, signerEmail: signer.email };
}

/** A voided document of the owner that ended `daysAgo` days ago. */
async function endedDocument(owner: Session & { id: string }, daysAgo: number) {
  const doc = await awaitingDocument(t.app, { title: 'Old offer', signers: [{ fields: [] }] });
  await db()
    .update(documents)
    .set({ userId: owner.id, status: 'voided', updatedAt: new Date(Date.now() - daysAgo * DAY_MS) })
    .where(eq(documents.id, doc.documentId));
  return doc.documentId;
}

function verify(bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'file.pdf');
  return t.app.inject({ method: 'POST', url: '/api/v1/verify', payload: form });
}

describe('retention settings', () => {
  it('keep everything by default; the owner sets days and an account hold; bad days are refused', async () => {
    const owner = await authClient(t.app).loggedInUser();
    expect((await call(owner, 'GET', '/user/retention')).json()).toEqual({ retentionDays: null, legalHoldAt: null });
    const set = await call(owner, 'PUT', '/user/retention', { retentionDays: 30, legalHold: true });
    expect(set.statusCode).toBe(200);
    expect(set.json().retentionDays).toBe(30);
    const heldAt = set.json().legalHoldAt;
    expect(heldAt).toEqual(expect.any(String));
    // Saving again keeps the hold's instant.
    expect(
      (await call(owner, 'PUT', '/user/retention', { retentionDays: 30, legalHold: true })).json().legalHoldAt,
    ).toBe(heldAt);
    for (const retentionDays of [0, -1, 36_501, 1.5]) {
      const refused = await call(owner, 'PUT', '/user/retention', { retentionDays, legalHold: false });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(MESSAGES.retentionDaysInvalid);
    }
    expect((await call(owner, 'GET', '/user/retention')).json().retentionDays).toBe(30);
  });

  it("are the account owner's: a team's admin and user get 404, its owner may", async () => {
    const { owner, members } = await teamClient(t.app).team(2, 1);
    const [admin, user] = members;
    if (!admin || !user) throw new Error('team');
    expect((await call(owner, 'PUT', '/user/retention', { retentionDays: 10, legalHold: false })).statusCode).toBe(200);
    for (const member of [admin, user]) {
      expect((await call(member, 'GET', '/user/retention')).statusCode).toBe(404);
      expect((await call(member, 'PUT', '/user/retention', { retentionDays: 1, legalHold: false })).statusCode).toBe(
        404,
      );
      expect((await call(member, 'POST', '/user/erasures', { email: 'a@example.com', dryRun: true })).statusCode).toBe(
        404,
      );
    }
  });
});

describe('legal hold on a document', () => {
  it('is set by its owner and the team owner and admins, recorded in its activity; others get 404', async () => {
    const { owner, members } = await teamClient(t.app).team(2, 1);
    const [admin, user] = members;
    if (!admin || !user) throw new Error('team');
    const documentId = await endedDocument(user, 1);
    const stranger = await authClient(t.app).loggedInUser();
    expect((await call(stranger, 'PUT', `/documents/${documentId}/legal_hold`, { isHeld: true })).statusCode).toBe(404);
    const held = await call(admin, 'PUT', `/documents/${documentId}/legal_hold`, { isHeld: true });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toEqual({ id: documentId, legalHoldAt: expect.any(String) });
    expect((await call(user, 'PUT', `/documents/${documentId}/legal_hold`, { isHeld: false })).statusCode).toBe(200);
    // A team's user does not see a teammate's documents.
    const admins = await endedDocument(admin, 1);
    expect((await call(user, 'PUT', `/documents/${admins}/legal_hold`, { isHeld: true })).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `/documents/${documentId}/legal_hold`, { isHeld: true })).statusCode).toBe(200);
    const types = (
      await db().select().from(documentActivities).where(eq(documentActivities.documentId, documentId))
    ).map((row) => row.type);
    expect(types.filter((type) => type === 'hold' || type === 'release')).toEqual(['hold', 'release', 'hold']);
    const answer = await call(user, 'GET', `/documents/${documentId}`);
    expect(answer.json().legalHoldAt).toEqual(expect.any(String));
  });
});

describe('the retention run', () => {
  it('removes a sealed document past its days to a stub that still verifies, and mails the owner', async () => {
    const sealed = await sealedDocument('Lease 2020');
    const { owner, documentId } = sealed;
    const keys = [sealed.row.resultPdfFileKey, sealed.row.pdfFileKey].filter((key): key is string => key !== null);
    expect((await call(owner, 'PUT', '/user/retention', { retentionDays: 30, legalHold: false })).statusCode).toBe(200);

    // Not yet due: nothing goes.
    expect((await sweep(new Date(Date.now() + 29 * DAY_MS))).json()).toEqual({ removed: 0 });
    const removed = await sweep(new Date(Date.now() + 31 * DAY_MS));
    expect(removed.json().removed).toBeGreaterThanOrEqual(1);

    const stub = (await call(owner, 'GET', `/documents/${documentId}`)).json();
    expect(stub).toMatchObject({ title: 'Lease 2020', status: 'completed', signers: [], parts: [], fields: [] });
    expect(stub.removal).toMatchObject({ reason: 'retention', chainHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(stub.removal.sealedSha256).toContain(createHash('sha256').update(sealed.bytes).digest('hex'));
    for (const key of keys) expect(await t.app.platform.storage.exists(key)).toBe(false);
    expect(await db().select().from(signers).where(eq(signers.documentId, documentId))).toEqual([]);

    // One activity row is left, chained to the last hash the stub keeps; its event is document.removed.
    const rows = await db().select().from(documentActivities).where(eq(documentActivities.documentId, documentId));
    expect(rows.map((row) => [row.type, row.previousHash])).toEqual([['remove', stub.removal.chainHash]]);
    const eventTypes = (await db().select().from(events).where(eq(events.documentId, documentId))).map((e) => e.type);
    expect(eventTypes).toContain('document.removed');
    expect(
      JSON.stringify((await db().select().from(events).where(eq(events.documentId, documentId))).map((e) => e.payload)),
    ).not.toContain(sealed.signerEmail);

    // The sealed file, downloaded before, is still recognised as sealed here.
    const verdict = (await verify(sealed.bytes)).json();
    expect(verdict.verdict).toBe('intact');
    expect(verdict.sealedDocument).toMatchObject({
      title: 'Lease 2020',
      signers: [],
      removedAt: stub.removal.removedAt,
    });

    const mail = await waitForMail(t.app, owner.email, { subject: /retention rule/ });
    expect(mail.text).toContain('Lease 2020');
    // A second run finds nothing more of it.
    await sweep(new Date(Date.now() + 32 * DAY_MS));
    expect(
      (await db().select().from(documentActivities).where(eq(documentActivities.documentId, documentId))).length,
    ).toBe(1);
  });

  it('removes nothing under a legal hold, of the document or of the account', async () => {
    const owner = await authClient(t.app).loggedInUser();
    await call(owner, 'PUT', '/user/retention', { retentionDays: 5, legalHold: false });
    const held = await endedDocument(owner, 10);
    const free = await endedDocument(owner, 10);
    const fresh = await endedDocument(owner, 2);
    await call(owner, 'PUT', `/documents/${held}/legal_hold`, { isHeld: true });
    await sweep(new Date());
    const removedAt = async (id: string) =>
      (await db().select().from(documents).where(eq(documents.id, id)))[0]?.removedAt ?? null;
    expect(await removedAt(held)).toBeNull();
    expect(await removedAt(fresh)).toBeNull();
    expect(await removedAt(free)).not.toBeNull();

    // The account's hold suspends every removal, the document's own released or not.
    await call(owner, 'PUT', `/documents/${held}/legal_hold`, { isHeld: false });
    await call(owner, 'PUT', '/user/retention', { retentionDays: 5, legalHold: true });
    await sweep(new Date(Date.now() + 10 * DAY_MS));
    expect(await removedAt(held)).toBeNull();
    expect(await removedAt(fresh)).toBeNull();
  });
});

describe('erasure on request', () => {
  it('replaces the person in drafts, awaiting documents (links die) and bulk rows, keeps sealed ones and says why', async () => {
    const person = `erase.me.${Date.now()}@example.com`;
    const sealed = await sealedDocument('Signed NDA', person);
    const { owner } = sealed;
    const awaiting = await awaitingDocument(t.app, {
      title: 'Pending',
      signers: [{ fields: [], email: person, name: 'Eve Example' }],
    });
    await db().update(documents).set({ userId: owner.id }).where(eq(documents.id, awaiting.documentId));
    const theirs = awaiting.signers[0]?.id ?? '';
    await recordActivity(db(), {
      documentId: awaiting.documentId,
      type: 'send',
      userId: owner.id,
      signerIds: [theirs],
    });
    await recordActivity(db(), {
      documentId: awaiting.documentId,
      type: 'view',
      signerIds: [theirs],
      sourceIp: '203.0.113.9',
      userAgent: 'Eve browser',
    });
    await recordActivity(db(), {
      documentId: awaiting.documentId,
      type: 'correct',
      userId: owner.id,
      details: { previousEmail: person, previousName: 'Eve Example', reason: 'typo' },
    });
    const held = await awaitingDocument(t.app, { title: 'Held', signers: [{ fields: [], email: person }] });
    await db().update(documents).set({ userId: owner.id }).where(eq(documents.id, held.documentId));
    expect((await call(owner, 'PUT', `/documents/${held.documentId}/legal_hold`, { isHeld: true })).statusCode).toBe(
      200,
    );
    const [batch] = await db().insert(bulkSendBatches).values({ userId: owner.id }).returning();
    if (!batch) throw new Error('batch');
    await db()
      .insert(bulkSendRows)
      .values({ batchId: batch.id, row: 2, name: 'Eve Example', email: person, prefill: { Company: 'Eve Ltd' } });

    const preview = await call(owner, 'POST', '/user/erasures', { email: person.toUpperCase(), dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      dryRun: true,
      isRepeated: false,
      kept: [
        { id: sealed.documentId, title: 'Signed NDA', reason: 'sealedEvidence' },
        { id: held.documentId, title: 'Held', reason: 'legalHold' },
      ],
      removed: [],
    });
    expect(preview.json().replaced).toMatchObject({ recipients: 1, signingLinks: 1, bulkSendRows: 1 });
    // The dry run changed nothing.
    const [still] = await db().select().from(signers).where(eq(signers.documentId, awaiting.documentId));
    expect(still?.email).toBe(person);

    const erased = await call(owner, 'POST', '/user/erasures', { email: person });
    expect(erased.json()).toMatchObject({ dryRun: false, kept: [{ id: sealed.documentId }, { id: held.documentId }] });
    const [after] = await db().select().from(signers).where(eq(signers.documentId, awaiting.documentId));
    expect(after?.name).toBe(ERASED_NAME);
    expect(after?.email).toMatch(/@erased\.invalid$/);
    expect(await db().select().from(signingTokens).where(eq(signingTokens.documentId, awaiting.documentId))).toEqual(
      [],
    );
    // Its unsealed audit trail no longer names the person, and its chain is whole again (rehashed).
    const trail = await listChainedRows(db(), awaiting.documentId);
    expect(trail.map((item) => item.type)).toEqual(['send', 'view', 'correct']);
    expect(JSON.stringify(trail)).not.toMatch(/erase\.me|Eve|203\.0\.113\.9/);
    expect(trail[2]?.details?.reason).toBe('typo');
    expect(checkChain(trail).isIntact).toBe(true);
    const [row] = await db().select().from(bulkSendRows).where(eq(bulkSendRows.batchId, batch.id));
    expect(row).toMatchObject({ name: ERASED_NAME, prefill: {} });
    // The sealed document is evidence: its signer is as signed.
    const [signed] = await db().select().from(signers).where(eq(signers.documentId, sealed.documentId));
    expect(signed?.email).toBe(person);
    // So is a held one, whatever its state.
    const [stillHeld] = await db().select().from(signers).where(eq(signers.documentId, held.documentId));
    expect(stillHeld?.email).toBe(person);
    // The erasure is recorded without the address; a repeated request is recognised.
    const records = await db().select().from(erasures).where(eq(erasures.accountId, owner.id));
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).not.toContain(person);
    const again = await call(owner, 'POST', '/user/erasures', { email: person, includeCompleted: true });
    expect(again.json()).toMatchObject({
      isRepeated: true,
      kept: [{ id: held.documentId, reason: 'legalHold' }],
      removed: [{ id: sealed.documentId }],
    });
    const [stub] = await db().select().from(documents).where(eq(documents.id, sealed.documentId));
    expect(stub?.removedReason).toBe('erasure');
    expect((await verify(sealed.bytes)).json().verdict).toBe('intact');
  });
});

describe('the public API', () => {
  it("sets a document's hold, reads and sets the rule, and erases through the typed client", async () => {
    const owner = await authClient(t.app).loggedInUser();
    const { key } = await apiKeyClient(t.app, owner.accessToken).newKey();
    const client = keyClient(t.app, key);
    expect(await client.setRetention({ retentionDays: 365, legalHold: false })).toEqual({
      retentionDays: 365,
      legalHoldAt: null,
    });
    expect((await client.retention()).retentionDays).toBe(365);
    const documentId = await endedDocument(owner, 1);
    expect((await client.setLegalHold(documentId, true)).legalHoldAt).toEqual(expect.any(String));
    const other = await endedDocument(await authClient(t.app).loggedInUser(), 1);
    await expect(client.setLegalHold(other, true)).rejects.toMatchObject({ status: 404 });
    const answer = await client.erasePerson({ email: 'nobody@example.com', dryRun: true });
    expect(answer).toMatchObject({ dryRun: true, kept: [], removed: [] });
  });
});
