// Benchmark of the retention rule (issue 39). Run with `npm run bench` (or `tsx bench/retention.bench.ts`); needs
// PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), where it makes a database of its
// own and drops it at the end. Runs in this process (no HTTP server: the rule is a daily job).
// BENCH_RETENTION_DOCUMENTS (default 100,000) expired documents, each with a signer, two activity rows and a file on
// local disk, in 100 accounts whose rule keeps documents 30 days, ended 60 days ago: one run of the rule
// (`runRetention`: each document removed to its stub in its own transaction, its files deleted) beside the bare way
// to the same end on as many documents of 100 other accounts: one DELETE of their rows (their signers and activity go
// with them) and an unlink of each file. The process's heap is sampled during the run (target: flat, not per row).
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { retentionMailJobs } from '../src/modules/retention/retention.mails.js';
import { retentionService } from '../src/modules/retention/retention.service.js';
import { createMailer } from '../src/platform/mail/mailer.js';
import { LocalStorage } from '../src/platform/storage/local.js';
import { inProcessDatabase, ms, resultTable, timedWithHeap } from './sampling.js';

const DOCUMENTS = Number(process.env.BENCH_RETENTION_DOCUMENTS) || 100_000;
const OWNERS = 100;
const FILE = Buffer.alloc(8 * 1024, 0x25);

const table = resultTable();
const bench = await inProcessDatabase('retention');
const { db, dataDir, log, jobs, exec } = bench;
const filesDir = join(dataDir, 'files');

/** `OWNERS` accounts named `prefix n`, `DOCUMENTS / OWNERS` expired documents each, ended 60 days ago, a file each. */
async function seed(prefix: string, withRule: boolean): Promise<void> {
  await exec(sql`
    insert into users (id, name, email, password_hash)
    select gen_random_uuid(), ${prefix} || ' ' || n, ${prefix} || n || '@example.com', 'x'
    from generate_series(1, ${OWNERS}) n`);
  if (withRule) {
    await exec(sql`
      insert into retention_settings (user_id, retention_days)
      select id, 30 from users where email like ${`${prefix}%`}`);
  }
  const ids = await exec<{ id: string }>(sql`
    insert into documents (user_id, type, status, title, sent_at, expires_at, updated_at, pdf_file_key)
    select u.id, 'others', 'expired', 'Lease ' || n, now() - interval '70 days', now() - interval '60 days',
      now() - interval '60 days', 'documents/' || gen_random_uuid() || '/file.pdf'
    from (select id from users where email like ${`${prefix}%`}) u, generate_series(1, ${DOCUMENTS / OWNERS}) n
    returning pdf_file_key as id`);
  await exec(sql`
    insert into signers (document_id, name, email, "order")
    select d.id, 'Signer', 'signer-' || d.id || '@example.com', 1
    from documents d join users u on u.id = d.user_id where u.email like ${`${prefix}%`}`);
  await exec(sql`
    insert into document_activities (document_id, type, created_at)
    select d.id, t.type, now() - interval '60 days'
    from documents d join users u on u.id = d.user_id, (values ('send'), ('expire')) t(type)
    where u.email like ${`${prefix}%`}`);
  for (const { id: key } of ids) {
    mkdirSync(join(filesDir, key, '..'), { recursive: true });
    writeFileSync(join(filesDir, key), FILE);
  }
}

try {
  const mailer = createMailer({ smtpUrl: undefined, from: 'bench <bench@localhost>', db });
  const mails = retentionMailJobs({ db, mailer, appUrl: 'http://localhost' });
  jobs.register(mails.summaryMail);
  await jobs.start();
  await seed('bare-owner', false);
  await seed('rule-owner', true);

  // The baseline: one DELETE of the other accounts' documents (signers and activity cascade), then their files.
  const bareStart = performance.now();
  const bareKeys = await exec<{ key: string }>(sql`
    delete from documents where user_id in (select id from users where email like 'bare-owner%')
    returning pdf_file_key as key`);
  for (const { key } of bareKeys) await rm(join(filesDir, key), { force: true });
  const bare = performance.now() - bareStart;

  const retention = retentionService({
    db,
    jobs,
    storage: new LocalStorage(filesDir, 'http://localhost', 'bench-secret'),
    now: () => new Date(),
    secret: 'bench-secret',
    log: log as unknown as FastifyBaseLogger,
    mails,
  });
  const { value: removed, elapsed, heapBefore, heapPeak } = await timedWithHeap(() => retention.runRetention());
  const [stubs] = await exec<{ count: number }>(
    sql`select count(*)::int as count from documents where removed_at is not null`,
  );
  console.log(`retention: removed ${removed} documents (${stubs?.count} stubs) in ${ms(elapsed)}`);
  table.report(
    `retention rule on ${DOCUMENTS} expired documents with files`,
    ms(elapsed),
    `bare DELETE + unlink ${ms(bare)}`,
    elapsed / bare,
    'under 10x',
    elapsed / bare < 10 && removed === DOCUMENTS,
  );
  const growth = (heapPeak - heapBefore) / 1024 / 1024;
  table.report(
    'heap growth during the run',
    `${growth.toFixed(0)} MB`,
    `${(heapBefore / 1024 / 1024).toFixed(0)} MB before`,
    heapPeak / heapBefore,
    'flat (tens of MB, not per row)',
    growth < 64,
  );
  table.print();
} finally {
  await bench.close();
}
