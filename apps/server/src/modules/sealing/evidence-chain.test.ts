import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { pdfsig, pdftotext } from '../../../test/poppler.js';
import { awaitingDocument, signerClient, waitForSealed } from '../../../test/signing.js';
import { startTrustPeers, type TrustPeers } from '../../../test/trust-peers.js';
import { listChainedRows, recordActivity } from '../../data/activity.js';
import { checkChain } from '../../platform/crypto/audit-chain.js';
import { documentActivities, documents, events } from '../../platform/db/schema.js';
import { readAuditTrail } from '../../platform/pdf/seal/audit-attachment.js';
import { generateSelfSigned } from '../../platform/pdf/seal/signing-identity.js';
import { addArchiveTimestampOnce } from './archive-timestamp.js';
import { compareAuditTrail, parseEmbeddedAuditTrail } from './audit-trail.js';

let peers: TrustPeers;
let t: TestApp;
beforeAll(async () => {
  peers = await startTrustPeers({ authorities: 2 });
  t = await createTestApp({
    config: {
      tsaUrls: peers.authorities.map((authority) => authority.url),
      tsaTimeoutMs: 1000,
      signingCertP12: peers.signerP12,
      signingCertPassword: peers.p12Password,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await peers?.close();
});

const db = () => t.app.platform.database.db;
const setModes = (...modes: TrustPeers['authorities'][number]['mode'][]) =>
  modes.forEach((mode, n) => {
    const authority = peers.authorities[n];
    if (authority) authority.mode = mode;
  });

/** A one-signer document signed through the routes, then sealed by the real job: its row. */
async function signedAndSealed(title: string) {
  const doc = await awaitingDocument(t.app, { title, signers: [{ fields: [{ type: 'checkbox' }] }] });
  const [signer] = doc.signers;
  if (!signer) throw new Error('signer');
  await recordActivity(db(), { documentId: doc.documentId, type: 'send', signerIds: [signer.id] });
  const answer = await signerClient(t.app, signer.token)(
    'PATCH',
    `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
    { fields: [{ id: signer.fieldIds[0], checked: true }], consent: 'I agree' },
  );
  expect(answer.statusCode).toBe(200);
  return waitForSealed(t.app, doc.documentId);
}

async function verify(bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'sealed.pdf');
  const answer = await t.app.inject({ method: 'POST', url: '/api/v1/verify', payload: form });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

const archiveDeps = () => {
  const { storage, jobs, now, config } = t.app.platform;
  return {
    db: db(),
    storage,
    jobs,
    now,
    trust: { tsaUrls: config.tsaUrls, timeoutMs: config.tsaTimeoutMs },
    log: { info: () => {} },
  };
};

describe('evidence that lasts', { timeout: 180_000 }, () => {
  it('seals at B-LTA with the chain of the audit trail printed on the certificate and embedded in the file', async () => {
    setModes('ok', 'ok');
    const row = await signedAndSealed('Lasting lease');
    expect(row).toMatchObject({ sealLevel: 'B-LTA', timestampPendingSince: null });
    expect(row.archiveTimestampDueAt).not.toBeNull();
    const bytes = await t.app.platform.storage.getBuffer(row.resultPdfFileKey ?? '');
    const [seal] = pdfsig(bytes).split(/Signature #2:/);
    expect(seal).toContain('Signature is Valid.');
    expect(seal).toContain('Signer Certificate Common Name: Test Seal');

    const embedded = parseEmbeddedAuditTrail(readAuditTrail(await PDF.load(bytes)));
    expect(embedded?.count).toBeGreaterThanOrEqual(2);
    const certificate = pdftotext(bytes, {}).replace(/\s+/g, ' ');
    expect(certificate).toContain(`Audit trail ${embedded?.count} events`);
    expect(certificate).toContain(`Audit trail final SHA-256 ${embedded?.finalHash}`);

    const rows = await listChainedRows(db(), row.id);
    // The complete row follows the sealed trail, chained to it.
    expect(rows.at(-1)).toMatchObject({ type: 'complete', previousHash: embedded?.finalHash });
    expect(compareAuditTrail(embedded, rows).match).toBe('matches');

    // The verify page's answer tells the whole story.
    const body = await verify(bytes);
    expect(body.verdict).toBe('intact');
    expect(body.evidence).toMatchObject({
      level: 'B-LTA',
      auditTrail: { match: 'matches', events: rows.length },
      validationData: { ocsp: [{ status: 'good' }, { status: 'good' }] },
    });
    expect(body.signatures).toMatchObject([
      {
        kind: 'signature',
        isValid: true,
        isSelfSigned: false,
        timestamp: { authority: expect.stringContaining('Test Time-Stamping Authority') },
      },
      { kind: 'documentTimestamp', isValid: true, coversWholeFile: true },
    ]);
    // The seal (signature, pages, form), its validation data, then the archive timestamp.
    expect(body.evidence.updates.map((update: { kinds: string[] }) => update.kinds)).toEqual([
      expect.arrayContaining(['signature', 'page']),
      ['validationData'],
      ['documentTimestamp'],
    ]);
  });

  it('seals at B-B at once with every authority down, then the archive job makes it B-LTA, and renews it', async () => {
    setModes('down', 'down');
    const row = await signedAndSealed('Outage lease');
    expect(row.sealLevel).toBe('B-B');
    expect(row.timestampPendingSince).not.toBeNull();
    expect(row.archiveTimestampDueAt).toBeNull();
    // While they stay down, the job fails (and is retried with back-off).
    await expect(addArchiveTimestampOnce(archiveDeps(), row.id)).rejects.toThrow(/no time-stamping authority/);

    setModes('hang', 'ok');
    expect(await addArchiveTimestampOnce(archiveDeps(), row.id)).toBe('timestamped');
    const [upgraded] = await db().select().from(documents).where(eq(documents.id, row.id));
    expect(upgraded).toMatchObject({ sealLevel: 'B-LTA', timestampPendingSince: null });
    expect(upgraded?.resultPdfFileKey).not.toBe(row.resultPdfFileKey);
    const before = await t.app.platform.storage.getBuffer(row.resultPdfFileKey ?? '');
    const after = await t.app.platform.storage.getBuffer(upgraded?.resultPdfFileKey ?? '');
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(pdfsig(after).split(/Signature #2:/)[1]).toContain('Total document signed');
    // Nothing more owed until the renewal date.
    expect(await addArchiveTimestampOnce(archiveDeps(), row.id)).toBe('not-owed');

    // Renewal: due (its certificate expires soon), a fresh archive timestamp on top.
    setModes('ok', 'ok');
    await db()
      .update(documents)
      .set({ archiveTimestampDueAt: new Date(Date.now() - 1000) })
      .where(eq(documents.id, row.id));
    expect(await addArchiveTimestampOnce(archiveDeps(), row.id)).toBe('timestamped');
    const [renewed] = await db().select().from(documents).where(eq(documents.id, row.id));
    const renewedBytes = await t.app.platform.storage.getBuffer(renewed?.resultPdfFileKey ?? '');
    expect(pdfsig(renewedBytes).split(/Signature #3:/)[1]).toContain('Total document signed');
    const stamps = await db()
      .select()
      .from(documentActivities)
      .where(eq(documentActivities.documentId, row.id))
      .orderBy(asc(documentActivities.sequence));
    expect(stamps.filter((stamp) => stamp.type === 'timestamp').map((stamp) => stamp.details?.reason)).toEqual([
      'pending',
      'renewal',
    ]);
    expect(checkChain(stamps).isIntact).toBe(true);
    // Each archive timestamp is an event too (webhooks, realtime), its reason the message.
    const announced = await db()
      .select()
      .from(events)
      .where(and(eq(events.documentId, row.id), eq(events.type, 'document.timestamped')))
      .orderBy(asc(events.sequence));
    expect(announced.map((event) => (event.payload as { message?: string }).message)).toEqual(['pending', 'renewal']);
    const body = await verify(renewedBytes);
    expect(body).toMatchObject({ verdict: 'intact', evidence: { level: 'B-LTA', auditTrail: { match: 'matches' } } });
    expect(body.signatures.map((signature: { kind: string }) => signature.kind)).toEqual([
      'signature',
      'documentTimestamp',
      'documentTimestamp',
    ]);
    // The earlier file (B-B) is still recognised, and told apart.
    expect((await verify(before)).evidence.level).toBe('B-B');
  });

  it('finds where the chain breaks when an earlier row is rewritten in the database', async () => {
    setModes('ok', 'ok');
    const row = await signedAndSealed('Edited lease');
    const rows = await listChainedRows(db(), row.id);
    const victim = rows[1];
    if (!victim) throw new Error('no second row');
    // Someone with the database's keys, around its append-only trigger.
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(documentActivities)
        .set({ sourceIp: '198.51.100.66' })
        .where(eq(documentActivities.id, victim.id));
    });
    const check = checkChain(await listChainedRows(db(), row.id));
    expect(check).toMatchObject({ isIntact: false, brokenAt: 1, rowId: victim.id });
    const bytes = await t.app.platform.storage.getBuffer(row.resultPdfFileKey ?? '');
    const embedded = parseEmbeddedAuditTrail(readAuditTrail(await PDF.load(bytes)));
    expect(compareAuditTrail(embedded, await listChainedRows(db(), row.id)).match).toBe('changed');
    expect((await verify(bytes)).evidence.auditTrail).toMatchObject({ match: 'changed', brokenAtEvent: 2 });
  });

  it('refuses to start with an expired sealing certificate, saying so', async () => {
    const expired = generateSelfSigned('Expired Seal', new Date(Date.now() - 11 * 365 * 86_400_000));
    const path = join(peers.dir, 'expired.p12');
    writeFileSync(path, expired.p12);
    await expect(
      createTestApp({ config: { signingCertP12: path, signingCertPassword: expired.password } }),
    ).rejects.toThrow(/SIGNING_CERT_P12: the certificate "Expired Seal" expired on/);
  });
});
