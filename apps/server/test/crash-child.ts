// A process for the crash tests (src/platform/jobs-crash.test.ts), run through tsx by the test, which kills it:
//   seal <dataDir>        the application on the embedded database in dataDir queues the seal of a completed
//                         document and starts its workers with the document's PDF turned into a named pipe, so
//                         the seal stays in the middle of its run, reading it, until the test kills this process
//   convert <dataDir>     the same with an uploaded image, whose conversion reads the original
//   recover <dataDir> <documentId> <seal|convert>
//                         the application started again on that folder; prints {"doneAfterMs"} once the document is
//                         sealed or converted
//   queue <databaseUrl>   a job queue on PostgreSQL running the job `test.crash` (expiry 10 min), which prints
//                         {"running": jobId} and never finishes
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { insertSession } from '../src/data/sessions.js';
import { accessTokens } from '../src/modules/auth/tokens.js';
import { sealingJobs } from '../src/modules/sealing/sealing.jobs.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/client.js';
import { documentParts, documents, users } from '../src/platform/db/schema.js';
import { JobQueue } from '../src/platform/jobs.js';
import { CRASH_IMAGE, crashJob } from './crash-job.js';
import { documentFactory } from './document-factory.js';
import { corpusFile, documentClient } from './documents.js';
import { SAMPLE_PDF } from './signing.js';

const report = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
const [phase = '', target = '', documentId = '', what = ''] = process.argv.slice(2);

function app(options: { runWorkers: boolean }) {
  // Not the environment's DATABASE_URL: the embedded database is what these processes test.
  const config = loadConfig(
    {},
    {
      dataDir: target,
      databaseUrl: undefined,
      jwtSecret: randomBytes(32).toString('hex'),
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      webDistDir: join(target, 'no-web-app'),
      logLevel: 'silent',
    },
  );
  return buildApp(config, { logger: false, warmUpOffice: false, runWorkers: options.runWorkers });
}

/** The stored file becomes a named pipe: whoever reads it waits (without CPU) until the test writes to it. */
function turnIntoPipe(dataDir: string, key: string): string {
  const path = join(dataDir, 'files', key);
  rmSync(path);
  if (spawnSync('mkfifo', [path]).status !== 0) throw new Error('mkfifo failed');
  return path;
}

async function owner(server: Awaited<ReturnType<typeof app>>) {
  const [user] = await server.platform.database.db
    .insert(users)
    .values({
      name: 'Owner',
      email: `owner.${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: 'not used',
      emailConfirmedAt: new Date(),
      passwordChangedAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  return user.id;
}

if (phase === 'seal') {
  const server = await app({ runWorkers: false });
  const { platform } = server;
  const document = await documentFactory(server).create(await owner(server), {
    status: 'completed',
    completedAt: new Date(),
    pdf: corpusFile(SAMPLE_PDF),
    signers: [{ name: 'Ann Example', email: 'ann@example.com', isFinished: true }],
  });
  const { sealDocument } = sealingJobs({
    db: platform.database.db,
    storage: platform.storage,
    now: platform.now,
    jobs: platform.jobs,
    signingIdentity: { dataDir: target },
  });
  await platform.jobs.send(sealDocument, { documentId: document.id });
  const fifo = turnIntoPipe(target, document.pdfFileKey ?? '');
  await platform.jobs.startWorkers();
  report({ documentId: document.id, fifo });
} else if (phase === 'convert') {
  const server = await app({ runWorkers: false });
  const { database, config } = server.platform;
  const ownerId = await owner(server);
  // A session of the owner's, as a sign-in makes: access tokens name theirs.
  const sessionId = randomUUID();
  await insertSession(database.db, { id: sessionId, userId: ownerId });
  const token = await accessTokens(config.jwtSecret).sign(ownerId, sessionId);
  const client = documentClient(server, token);
  const document = await client.create('others');
  const part = await client.uploadOk(document.id, 'dice.png', corpusFile(CRASH_IMAGE));
  const [row] = await database.db.select().from(documentParts).where(eq(documentParts.id, part.id));
  const fifo = turnIntoPipe(target, row?.originalFileKey ?? '');
  await server.platform.jobs.startWorkers();
  report({ documentId: document.id, fifo });
} else if (phase === 'recover') {
  const startedAt = Date.now();
  const server = await app({ runWorkers: true });
  const { db } = server.platform.database;
  for (;;) {
    const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
    if (what === 'seal' ? row?.sealedAt : row?.pdfFileKey) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  report({ doneAfterMs: Date.now() - startedAt });
  await server.close();
} else if (phase === 'queue') {
  const database = await openDatabase({ databaseUrl: target, dataDir: '/nonexistent' });
  const queue = new JobQueue(database, pino({ level: 'silent' }));
  queue.register(
    crashJob(async (jobId) => {
      report({ running: jobId });
      await new Promise(() => {});
    }),
  );
  await queue.start();
  await queue.startWorkers();
} else {
  throw new Error(`unknown phase ${phase}`);
}
