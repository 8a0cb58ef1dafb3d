import { EXPIRY_SWEEP_BATCH } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { expiryJobs } from '../src/modules/document-management/expiry.jobs.js';
import { signerMailJobs } from '../src/modules/sending/invitation.mails.js';
import { lifecycleMailJobs } from '../src/modules/sending/lifecycle.mails.js';
import type { Db } from '../src/platform/db/client.js';
import type { JobQueue, QueueInTransaction } from '../src/platform/jobs.js';
import { createMailer } from '../src/platform/mail/mailer.js';
import { inProcessDatabase, ms, resultTable } from './sampling.js';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS) || 10_000;
const OWNERS = 100;

const table = resultTable();
const { report } = table;

const bench = await inProcessDatabase('expiry');
const { db, jobs, exec } = bench;

/** 100 owners with 100 awaiting documents each, one signer per document, every expiry a minute ago. */
async function seed(): Promise<void> {
  await exec(sql`
    insert into users (id, name, email, password_hash)
    select gen_random_uuid(), 'Owner ' || n, 'owner' || n || '@example.com', 'x' from generate_series(1, ${OWNERS}) n`);
  await exec(sql`
    insert into documents (user_id, type, status, title, sent_at, expires_at)
    select u.id, 'others', 'awaiting', 'Lease ' || n, now() - interval '10 days', now() - interval '1 minute'
    from (select id from users where email like 'owner%') u, generate_series(1, ${DOCUMENTS / OWNERS}) n`);
  await exec(sql`
    insert into signers (document_id, name, email, "order")
    select d.id, 'Signer', 'signer@example.com', 1 from documents d`);
  await exec(sql`vacuum analyze`);
}

/** Puts the expired rows back as they were (awaiting), so both runs start from the same data. */
async function reset(): Promise<void> {
  await exec(sql`update documents set status = 'awaiting' where status = 'expired'`);
  await exec(sql`vacuum analyze documents`);
}

try {
  const mailer = createMailer({ smtpUrl: undefined, from: 'bench <bench@localhost>', db });
  const appUrl = 'http://localhost';
  const mails = lifecycleMailJobs({ db, mailer, appUrl });
  const signerMails = signerMailJobs({ db, mailer, appUrl });
  jobs.register(mails.expiredMails, mails.declinedMail, mails.voidedMails, signerMails.signerInvitationMail);
  await jobs.start();
  await seed();

  // The baseline: one bare UPDATE of the same due rows to expired.
  const bareStart = performance.now();
  await exec(sql`
    update documents set status = 'expired', updated_at = now()
    where status = 'awaiting' and expires_at <= now() and deleted_at is null`);
  const bare = performance.now() - bareStart;
  await reset();

  // The sweep, each batch's transaction timed (the time its row locks on documents are held).
  const batches: number[] = [];
  const timed = {
    transaction: async <T>(on: Db, work: (tx: Db, queue: QueueInTransaction) => Promise<T>) => {
      const start = performance.now();
      const answer = await jobs.transaction(on, work);
      batches.push(performance.now() - start);
      return answer;
    },
  } as unknown as JobQueue;
  const sweep = expiryJobs({ db, jobs: timed, mails, signerMails, now: () => new Date() });
  const start = performance.now();
  const expired = await sweep.expireDue();
  const elapsed = performance.now() - start;
  const [events] = await exec<{ count: number }>(
    sql`select count(*)::int as count from events where type = 'document.expired'`,
  );
  const [activities] = await exec<{ count: number }>(
    sql`select count(*)::int as count from document_activities where type = 'expire'`,
  );
  const longest = Math.max(...batches);
  console.log(
    `sweep: expired ${expired} in ${batches.length} transactions (batch ${EXPIRY_SWEEP_BATCH}); ` +
      `events ${events?.count}, activities ${activities?.count}; longest batch ${ms(longest)}`,
  );
  report(
    `expiry sweep of ${DOCUMENTS} awaiting documents`,
    ms(elapsed),
    `bare UPDATE ${ms(bare)}`,
    elapsed / bare,
    'under 10x',
    elapsed / bare < 10 && expired === DOCUMENTS,
  );
  report(
    'longest lock on documents (one batch)',
    ms(longest),
    `${batches.length} batches`,
    longest / 1000,
    'under 1 s',
    longest < 1000,
  );
  table.print();
} finally {
  await bench.close();
}
