// Benchmarks of billing (issue 20). Run with `npm run bench` (or `tsx bench/billing.bench.ts`); needs PostgreSQL at
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), where it makes a database of its own and drops
// it at the end. Runs in this process against that database (no HTTP server: the renewal is a job, not a request).
// 1. Renewal: 100,000 subscriptions due, each with a sandbox test card, renewed by one run of the renewal job
//    (`renewDueSubscriptions`: claim in batches, an invoice per period, the sandbox gateway's charges, the periods
//    moved on, the invoices' PDF jobs queued), beside a bare SQL UPDATE that moves the same rows' periods on, on the
//    same data. The heap is sampled during the run (flat: batches). A second run must charge nothing (counted).
// 2. The quota check of send_out: the statement that counts a send against the free plan's month (with the month's
//    reset rule) beside the same count without the quota's rule (the counter only), each inside a transaction with
//    the user's row locked as the send-out takes it, p95 of 2,000 runs each, interleaved.
// BENCH_ONLY=renewal or BENCH_ONLY=quota runs one of the two.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quotaMonthStart } from '@esign/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { countSentDocuments } from '../src/data/users.js';
import { billingJobs } from '../src/modules/billing/billing.jobs.js';
import { openDatabase } from '../src/platform/db/client.js';
import { users } from '../src/platform/db/schema.js';
import { JobQueue } from '../src/platform/jobs.js';
import { createMailer } from '../src/platform/mail/mailer.js';
import { sandboxGateway } from '../src/platform/payments/sandbox.js';
import { LocalStorage } from '../src/platform/storage/local.js';
import { createTestDatabase } from '../test/database.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS) || 100_000;
const QUOTA_RUNS = 2000;
const only = process.env.BENCH_ONLY;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const rows: string[][] = [['benchmark', 'measured', 'baseline', 'ratio', 'target', 'met']];
function report(name: string, measured: string, baseline: string, ratio: number, target: string, isMet: boolean) {
  rows.push([name, measured, baseline, ratio.toFixed(2), target, isMet ? 'yes' : 'NO']);
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

const database = await createTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'esign-billing-bench-'));
const opened = await openDatabase({ databaseUrl: database.url, dataDir });
const db = opened.db;
const log = pino({ level: 'warn' });
const jobs = new JobQueue(opened, log);
const exec = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** 100,000 users on Personal monthly with a sandbox card, every period ended a minute ago. */
async function seedSubscriptions(): Promise<void> {
  await exec(sql`
    insert into users (id, name, email, password_hash, plan_type, plan_duration)
    select gen_random_uuid(), 'Bench ' || n, 'bench' || n || '@example.com', 'x', 'personal', 'monthly'
    from generate_series(1, ${SUBSCRIPTIONS}) as n`);
  await exec(sql`
    insert into sandbox_payment_methods (id, behaviour, brand, last4)
    select 'pm_bench_' || u.id, 'succeed', 'visa', '4242' from users u where u.email like 'bench%'`);
  await exec(sql`
    insert into payment_cards (user_id, gateway, customer_ref, payment_method_ref, brand, last4, exp_month, exp_year,
      cardholder_name, postal_code)
    select u.id, 'sandbox', 'cus_bench_' || u.id, 'pm_bench_' || u.id, 'visa', '4242', 12, 2099, u.name, '10115'
    from users u where u.email like 'bench%'`);
  await exec(sql`
    insert into subscriptions (user_id, plan_type, plan_duration, amount_cents, paid_cents, current_period_start,
      current_period_end)
    select u.id, 'personal', 'monthly', 2000, 2000, now() - interval '1 month 1 minute', now() - interval '1 minute'
    from users u where u.email like 'bench%'`);
  await exec(sql`analyze`);
}

async function renewal(): Promise<void> {
  const storage = new LocalStorage(
    join(dataDir, 'files'),
    'http://localhost',
    'bench-secret-bench-secret-bench-secret',
  );
  const mailer = createMailer({ smtpUrl: undefined, from: 'bench <bench@localhost>', db });
  const billing = billingJobs({
    db,
    jobs,
    gateway: sandboxGateway(db),
    storage,
    mailer,
    appUrl: 'http://localhost',
    seller: ['eSign'],
    now: () => new Date(),
  });
  jobs.register(billing.invoicePdfs, billing.downgradedMail, billing.renewDue);
  await jobs.start();
  await seedSubscriptions();

  // The baseline: one bare UPDATE moving the same due rows' periods on, then put back as they were.
  const bareStart = performance.now();
  await exec(sql`
    update subscriptions set current_period_start = current_period_end,
      current_period_end = current_period_end + interval '1 month'
    where coalesce(retry_at, current_period_end) <= now()`);
  const bare = performance.now() - bareStart;
  await exec(sql`
    update subscriptions set current_period_end = current_period_start,
      current_period_start = current_period_start - interval '1 month'`);
  await exec(sql`vacuum analyze subscriptions`);

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 50);
  const start = performance.now();
  const first = await billing.renewDueSubscriptions();
  const elapsed = performance.now() - start;
  clearInterval(sampler);
  const second = await billing.renewDueSubscriptions();
  const [charges] = await exec<{ count: number }>(sql`select count(*)::int as count from sandbox_charges`);
  const [moved] = await exec<{ count: number }>(
    sql`select count(*)::int as count from subscriptions where current_period_end > now() + interval '20 days'`,
  );
  const [paid] = await exec<{ count: number }>(sql`select count(*)::int as count from invoices where status = 'paid'`);
  console.log(
    `renewal: claimed ${first.claimed}, charged ${first.charged}; second run claimed ${second.claimed}, charged ${second.charged}; ` +
      `sandbox charges ${charges?.count}, paid invoices ${paid?.count}, periods moved on ${moved?.count}; ` +
      `heap before ${(heapBefore / 1e6).toFixed(0)} MB, peak ${(heapPeak / 1e6).toFixed(0)} MB`,
  );
  report(
    `renewal of ${SUBSCRIPTIONS} due subscriptions (one job run)`,
    ms(elapsed),
    `bare UPDATE ${ms(bare)}`,
    elapsed / bare,
    'under 60 s and at most 10x',
    elapsed < 60_000 && elapsed / bare <= 10,
  );
  const isOnce = second.charged === 0 && charges?.count === SUBSCRIPTIONS && moved?.count === SUBSCRIPTIONS;
  report(
    'second run charges nothing (counted)',
    `${second.charged} charged`,
    `${charges?.count} charges in all`,
    0,
    '0 and one charge each',
    isOnce,
  );
  report(
    'heap growth during the run (batches)',
    `${((heapPeak - heapBefore) / 1e6).toFixed(0)} MB`,
    `${(heapBefore / 1e6).toFixed(0)} MB before`,
    heapPeak / heapBefore,
    'flat (tens of MB, not per row)',
    heapPeak - heapBefore < 200e6,
  );
}

async function quota(): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Quota Bench',
      email: 'quota@example.com',
      passwordHash: 'x',
      timezone: 'Asia/Kolkata',
      planType: 'business',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const withCheck: number[] = [];
  const without: number[] = [];
  const now = new Date();
  const monthStart = quotaMonthStart(now, '+05:30');
  for (let run = 0; run < QUOTA_RUNS * 2; run++) {
    const isCheck = run % 2 === 0;
    const start = performance.now();
    await db.transaction(async (tx) => {
      if (isCheck) {
        await countSentDocuments(tx, { userId: user.id, count: 1, monthStart, now });
      } else {
        // The counter alone, as before the quota's month rule: the row locked, the count raised.
        await tx.execute(sql`
          with before as (select free_documents_used as used from users where id = ${user.id} for update)
          update users set free_documents_used = free_documents_used + 1 from before where id = ${user.id}
          returning free_documents_used - before.used as counted`);
      }
    });
    (isCheck ? withCheck : without).push(performance.now() - start);
  }
  const measured = p95(withCheck.slice(100));
  const baseline = p95(without.slice(100));
  report(
    'send-out quota statement p95',
    ms(measured),
    ms(baseline),
    measured / baseline,
    'at most 1.1x',
    measured / baseline <= 1.1,
  );
}

try {
  if (!only || only === 'renewal') await renewal();
  if (!only || only === 'quota') await quota();
  console.table(rows.slice(1).map((row) => Object.fromEntries(rows[0]?.map((key, index) => [key, row[index]]) ?? [])));
} finally {
  await jobs.stop().catch(() => {});
  await opened.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
