import { join } from 'node:path';
import { quotaMonthStart } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { countSentDocuments } from '../src/data/users.js';
import { billingJobs } from '../src/modules/billing/billing.jobs.js';
import { users } from '../src/platform/db/schema.js';
import { createMailer } from '../src/platform/mail/mailer.js';
import { sandboxGateway } from '../src/platform/payments/sandbox.js';
import { LocalStorage } from '../src/platform/storage/local.js';
import { inProcessDatabase, ms, resultTable, timedWithHeap } from './sampling.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS) || 100_000;
const QUOTA_RUNS = 2000;
const only = process.env.BENCH_ONLY;

const table = resultTable();
const { report } = table;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

const bench = await inProcessDatabase('billing');
const { db, dataDir, jobs, exec } = bench;

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

/**
 * A fairer floor than one UPDATE: the rows a renewal must write, in four bare statements over all the due rows at
 * once (each period leased, charged at the sandbox gateway, moved on, invoiced), with no batches, checks or
 * idempotency; then put back as they were. Answers its time.
 */
async function bareRenewalWrites(): Promise<number> {
  const start = performance.now();
  await exec(sql`
    update subscriptions set retry_at = now() + interval '15 minutes'
    where coalesce(retry_at, current_period_end) <= now()`);
  await exec(sql`
    insert into sandbox_charges (id, idempotency_key, payment_method_id, amount_cents, status)
    select 'ch_bare_' || s.id, 'bare:' || s.id, c.payment_method_ref, s.amount_cents, 'succeeded'
    from subscriptions s join payment_cards c on c.user_id = s.user_id`);
  await exec(sql`
    update subscriptions set current_period_start = current_period_end,
      current_period_end = current_period_end + interval '1 month', retry_at = null, status = 'active'`);
  await exec(sql`
    insert into invoices (user_id, kind, charge_key, status, amount_cents, currency, description, charge_ref)
    select s.user_id, 'plan', 'bare:' || s.id, 'paid', s.amount_cents, 'USD', 'Personal, renewal', 'ch_bare_' || s.id
    from subscriptions s`);
  const elapsed = performance.now() - start;
  await exec(sql`delete from invoices where charge_key like 'bare:%'`);
  await exec(sql`delete from sandbox_charges where idempotency_key like 'bare:%'`);
  await exec(sql`
    update subscriptions set current_period_end = current_period_start,
      current_period_start = current_period_start - interval '1 month'`);
  return elapsed;
}

async function renewal(): Promise<void> {
  const storage = new LocalStorage(
    join(dataDir, 'files'),
    'http://localhost',
    'bench-secret-bench-secret-bench-secret',
  );
  const mailer = createMailer({ smtpUrl: undefined, from: 'bench <bench@localhost>', db });
  // The gateway stands for a payment provider (Stripe's round trips in production): its time is counted apart.
  const sandbox = sandboxGateway(db);
  let gatewayMs = 0;
  const gateway: typeof sandbox = {
    ...sandbox,
    async chargeMany(requests) {
      const start = performance.now();
      try {
        return await sandbox.chargeMany(requests);
      } finally {
        gatewayMs += performance.now() - start;
      }
    },
  };
  const billing = billingJobs({
    db,
    jobs,
    gateway,
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
  const sameWrites = await bareRenewalWrites();
  await exec(sql`vacuum analyze subscriptions`);

  const { value: first, elapsed, heapBefore, heapPeak } = await timedWithHeap(() => billing.renewDueSubscriptions());
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
  report(
    '  the same, beside bare SQL making the same rows',
    ms(elapsed),
    `lease, charge, period, invoice: ${ms(sameWrites)}`,
    elapsed / sameWrites,
    'at most 2x (a fairer floor: four writes a row)',
    elapsed / sameWrites <= 2,
  );
  report(
    "  the same without the gateway (the provider's time)",
    ms(elapsed - gatewayMs),
    `bare UPDATE ${ms(bare)}`,
    (elapsed - gatewayMs) / bare,
    'at most 10x',
    (elapsed - gatewayMs) / bare <= 10,
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
  table.print();
} finally {
  await bench.close();
}
