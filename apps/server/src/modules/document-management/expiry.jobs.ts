import { DAY_MS, EXPIRY_REMINDER_DAYS, EXPIRY_SWEEP_BATCH } from '@esign/shared';
import { z } from 'zod';
import { recordActivities } from '../../data/activity.js';
import { loadChildrenOf } from '../../data/documents.js';
import { expireDueBatch, findExpiryRemindersDue, markExpiryReminded } from '../../data/lifecycle.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob, type JobQueue } from '../../platform/jobs.js';
import type { LifecycleMailJobs, SignerMailJobs } from '../sending/index.js';
import { signersWhoseTurnItIs } from '../sending/index.js';

/** How often the expiry sweep runs (expiry and its reminders). */
export const EXPIRY_SWEEP_CRON = '*/5 * * * *';

interface ExpiryDeps {
  db: Db;
  jobs: JobQueue;
  mails: LifecycleMailJobs;
  signerMails: SignerMailJobs;
  now: () => Date;
}

/**
 * The expiry sweep (issue 36), a schedule: first the reminders, then the expiries.
 * - Reminders: signers whose turn it is on an awaiting document with reminders on get the invitation mail as an
 *   expiry reminder (the owner's reminders' rules: a signer whose account turned reminders off gets none)
 *   EXPIRY_REMINDER_DAYS before; the smallest due is sent once (`expiry_reminded_days`), so a document sent two days
 *   before its date gets only the one-day reminder.
 * - Expiry: awaiting documents past their instant move to expired in batches of EXPIRY_SWEEP_BATCH, each its own
 *   short transaction (rows being signed right now are skipped, not waited for, and taken by the next run): their
 *   `expire` activities and events in one statement each, and one mail job per batch telling each owner. The links
 *   stay (an extension makes them work again); the signer's calls refuse an expired document.
 */
export function expiryJobs(deps: ExpiryDeps) {
  const { db, jobs, now } = deps;

  /** Expires every due document, batch after batch; answers how many. */
  async function expireDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const at = now();
      const count = await jobs.transaction(db, async (tx, queue) => {
        const rows = await expireDueBatch(tx, { now: at, limit: EXPIRY_SWEEP_BATCH });
        if (rows.length === 0) return 0;
        await recordActivities(
          tx,
          rows.map((row) => ({ documentId: row.id, type: 'expire' as const, at })),
        );
        await queue(deps.mails.expiredMails, { documentIds: rows.map((row) => row.id) });
        return rows.length;
      });
      total += count;
      if (count < EXPIRY_SWEEP_BATCH) return total;
    }
  }

  /** Queues the due expiry reminders, the nearest threshold first (so a late send gets only the nearest). */
  async function remindDue(): Promise<number> {
    let total = 0;
    const at = now();
    for (const days of [...EXPIRY_REMINDER_DAYS].sort((a, b) => a - b)) {
      for (;;) {
        const due = await findExpiryRemindersDue(db, { now: at, days, withinMs: days * DAY_MS, limit: 200 });
        if (due.length === 0) break;
        const children = await loadChildrenOf(
          db,
          due.map((row) => row.id),
        );
        await jobs.transaction(db, async (tx, queue) => {
          await markExpiryReminded(tx, { documentIds: due.map((row) => row.id), days });
          for (const document of due) {
            const signerRows = children.get(document.id)?.signers ?? [];
            for (const signer of signersWhoseTurnItIs(signerRows, document.isOrdered)) {
              await queue(deps.signerMails.signerInvitationMail, {
                documentId: document.id,
                signerId: signer.id,
                isExpiryReminder: true,
              });
              total++;
            }
          }
        });
      }
    }
    return total;
  }

  const expirySweep = defineJob({
    name: 'documents.expiry-sweep',
    payload: z.object({}),
    retryLimit: 2,
    expireInSeconds: 15 * 60,
    async handler() {
      await remindDue();
      await expireDue();
    },
  });

  return { expirySweep, expireDue, remindDue };
}
export type ExpiryJobs = ReturnType<typeof expiryJobs>;
