import type { NotificationFlag } from '@esign/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentFactory } from '../../../test/document-factory.js';
import { recordActivity } from '../../data/activity.js';
import { mailOutbox, users } from '../../platform/db/schema.js';
import { completedMailJobs } from '../downloads/completed.mails.js';
import { signerMailJobs } from '../sending/invitation.mails.js';
import { openedMailJobs } from '../signing/opened.mails.js';
import { signedMailJobs } from '../signing/signed.mails.js';
import { userMailJobs } from './users.mails.js';

/**
 * Each notification flag gates the mail it names. The mail jobs' handlers are run here directly, so that a mail
 * not sent is known not to be sent when the handler returns (no waiting for something that should not come).
 */
let t: TestApp;
let deps: Parameters<typeof userMailJobs>[0];
beforeAll(async () => {
  t = await createTestApp();
  const { database, mailer, jobs, config, now } = t.app.platform;
  deps = { db: database.db, mailer, jobs, appUrl: config.appUrl, now };
});
afterAll(async () => {
  await t?.close();
});

/** The subjects of the mails to an address, oldest first, but the sign-up's confirmation. */
async function subjectsTo(email: string): Promise<string[]> {
  const rows = await t.app.platform.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(mailOutbox.createdAt);
  return rows.map((row) => row.subject).filter((subject) => subject !== 'Confirm your email address');
}

async function setFlags(userId: string, flags: Partial<Record<NotificationFlag, boolean>>) {
  await t.app.platform.database.db.update(users).set(flags).where(eq(users.id, userId));
}

/** An owner's document with two signers: one with an account (who signed first, by default) and a guest. */
async function scene(
  options: { isOrdered?: boolean; status?: 'awaiting' | 'completed'; hasMemberSigned?: boolean } = {},
) {
  const auth = authClient(t.app);
  const owner = await auth.loggedInUser();
  const member = await auth.loggedInUser();
  const guest = { name: 'Gus Guest', email: uniqueEmail('guest') };
  const signers = [{ name: 'Mia Member', email: member.email, isFinished: options.hasMemberSigned ?? true }, guest];
  const document = await documentFactory(t.app).create(owner.id, {
    title: 'Flagged',
    status: options.status ?? 'awaiting',
    isOrdered: options.isOrdered ?? false,
    signers,
    ...(options.status === 'completed' ? { result: Buffer.from('%PDF-1.7 sealed') } : {}),
  });
  const [memberSigner, guestSigner] = document.signers;
  if (!memberSigner || !guestSigner) throw new Error('signers not made');
  return { owner, member, guest, document, memberSigner, guestSigner };
}

describe('notification flags', () => {
  it('isReceivingReminders: a signer whose account turned it off gets no reminder, but the invitation', async () => {
    const { member, document, memberSigner } = await scene({ hasMemberSigned: false });
    const { signerInvitationMail } = signerMailJobs(deps);
    await setFlags(member.id, { isReceivingReminders: false });
    await signerInvitationMail.handler({ documentId: document.id, signerId: memberSigner.id, isReminder: true });
    expect(await subjectsTo(member.email)).toEqual([]);
    await signerInvitationMail.handler({ documentId: document.id, signerId: memberSigner.id, isReminder: false });
    expect(await subjectsTo(member.email)).toEqual(['Ada Lovelace sent you "Flagged" to sign']);
    await setFlags(member.id, { isReceivingReminders: true });
    await signerInvitationMail.handler({ documentId: document.id, signerId: memberSigner.id, isReminder: true });
    expect(await subjectsTo(member.email)).toContain(
      'Reminder: Ada Lovelace is waiting for your signature on "Flagged"',
    );
  });

  it('isReceivingOpenedSigning: the owner hears of an opening only when it is on', async () => {
    const { owner, document, guestSigner } = await scene();
    const { openedMail } = openedMailJobs(deps);
    await setFlags(owner.id, { isReceivingOpenedSigning: false });
    await openedMail.handler({ documentId: document.id, signerId: guestSigner.id });
    expect(await subjectsTo(owner.email)).not.toContain('Gus Guest opened "Flagged"');
    await setFlags(owner.id, { isReceivingOpenedSigning: true });
    await openedMail.handler({ documentId: document.id, signerId: guestSigner.id });
    expect(await subjectsTo(owner.email)).toContain('Gus Guest opened "Flagged"');
  });

  it('isReceivingSignerSigned and isSendingToAllPartiesInOrderedDocument: who hears that a signer signed', async () => {
    const { owner, member, guest, document, guestSigner } = await scene({ isOrdered: true });
    const { signerSignedMail } = signedMailJobs(deps);
    const subject = 'Gus Guest signed "Flagged"';

    await setFlags(owner.id, { isReceivingSignerSigned: false, isSendingToAllPartiesInOrderedDocument: false });
    await signerSignedMail.handler({ documentId: document.id, signerId: guestSigner.id });
    expect(await subjectsTo(owner.email)).not.toContain(subject);
    expect(await subjectsTo(member.email)).toEqual([]);

    // In order, the parties who signed before hear it too; the signer does not hear of themself.
    await setFlags(owner.id, { isReceivingSignerSigned: true, isSendingToAllPartiesInOrderedDocument: true });
    await signerSignedMail.handler({ documentId: document.id, signerId: guestSigner.id });
    expect(await subjectsTo(owner.email)).toContain(subject);
    expect(await subjectsTo(member.email)).toEqual([subject]);
    expect(await subjectsTo(guest.email)).toEqual([]);

    // A party whose own account turned signer-signed mails off hears nothing.
    await setFlags(member.id, { isReceivingSignerSigned: false });
    await signerSignedMail.handler({ documentId: document.id, signerId: guestSigner.id });
    expect(await subjectsTo(member.email)).toEqual([subject]);
  });

  it('an unordered document tells only the owner', async () => {
    const { owner, member, document, guestSigner } = await scene({ isOrdered: false });
    await signedMailJobs(deps).signerSignedMail.handler({ documentId: document.id, signerId: guestSigner.id });
    expect(await subjectsTo(owner.email)).toContain('Gus Guest signed "Flagged"');
    expect(await subjectsTo(member.email)).toEqual([]);
  });

  it('isReceivingCompletedDocument, isSendingCompletedDocument and isReceivingSigned: who gets the completed document', async () => {
    const { completedMails } = completedMailJobs(deps);
    const first = await scene({ status: 'completed' });
    await setFlags(first.owner.id, { isReceivingCompletedDocument: false });
    await setFlags(first.member.id, { isReceivingSigned: false });
    await completedMails.handler({ documentId: first.document.id });
    expect(await subjectsTo(first.owner.email)).not.toContain('Completed: Flagged');
    expect(await subjectsTo(first.member.email)).toEqual([]);
    expect(await subjectsTo(first.guest.email)).toEqual(['Completed: Flagged']);

    const second = await scene({ status: 'completed' });
    await setFlags(second.owner.id, { isSendingCompletedDocument: false });
    await completedMails.handler({ documentId: second.document.id });
    expect(await subjectsTo(second.owner.email)).toContain('Completed: Flagged');
    expect(await subjectsTo(second.member.email)).toEqual([]);
    expect(await subjectsTo(second.guest.email)).toEqual([]);
  });

  it('isReceivingSignatureRequestsDailyReport: the daily job mails the day summary to those who asked', async () => {
    const { db } = t.app.platform.database;
    const { owner, document } = await scene();
    const other = await authClient(t.app).loggedInUser();
    const east = await authClient(t.app).loggedInUser();
    await setFlags(owner.id, { isReceivingSignatureRequestsDailyReport: true });
    await setFlags(east.id, { isReceivingSignatureRequestsDailyReport: true });
    await db.update(users).set({ dateFormat: 'DD/MM/YYYY' }).where(eq(users.id, owner.id));
    await db.update(users).set({ timezone: 'Asia/Kolkata' }).where(eq(users.id, east.id));
    const day = new Date('2026-03-04T10:00:00Z');
    await recordActivity(db, { documentId: document.id, type: 'send', at: day });
    await recordActivity(db, { documentId: document.id, type: 'sign', at: day });
    await recordActivity(db, { documentId: document.id, type: 'sign', at: new Date('2026-03-05T00:00:01Z') });

    // 00:05 UTC: the owner's (UTC) day has just ended; in +05:30 it is 05:35, so that user waits for their midnight.
    const { dailyReport, dailyReportMail } = userMailJobs(deps);
    await dailyReport.handler({ at: '2026-03-05T00:05:00Z' });
    const queued = (await db.execute(
      sql`select data from pgboss.job where name = 'users.daily-report-mail' and data->>'userId' = ${east.id}`,
    )) as unknown as { rows: unknown[] };
    expect(queued.rows).toEqual([]);
    const report = await waitForMail(t.app, owner.email, { subject: /Your signature requests on 04\/03\/2026/ });
    expect(report.text).toContain('Documents sent: 1');
    expect(report.text).toContain('Signatures received: 1');
    expect(report.text).toContain('Documents still awaiting signatures: 1');

    // Someone who did not ask gets none, even when a report job names them.
    await dailyReportMail.handler({
      userId: other.id,
      from: '2026-03-04T00:00:00.000Z',
      to: '2026-03-05T00:00:00.000Z',
    });
    expect((await subjectsTo(other.email)).filter((subject) => subject.startsWith('Your signature requests'))).toEqual(
      [],
    );
  });
});
