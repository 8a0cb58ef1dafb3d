// Benchmark of the signer identity check under attack (issue 38). Run with `tsx bench/identity-guesses.bench.ts`;
// needs PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), where it makes a database
// of its own and drops it at the end. The application runs in this process (app.inject, no socket): one recipient
// checked by e-mail code is sent a code, then 1,000 wrong guesses arrive at once. Reported: how many were evaluated
// (the code's counted attempts: target exactly VERIFICATION_CODE_ATTEMPTS), that every answer was the same 403, that
// the right code is refused after them, and the wall time of the 1,000.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGN_ACCESS_TOKEN_HEADER, VERIFICATION_CODE_ATTEMPTS } from '@esign/shared';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { issueSigningToken } from '../src/data/signing-tokens.js';
import { loadConfig } from '../src/platform/config.js';
import { documents, mailOutbox, signers, signerVerificationCodes, users } from '../src/platform/db/schema.js';
import { createTestDatabase } from '../test/database.js';
import { recordResult } from './results.js';

const GUESSES = Number(process.env.BENCH_GUESSES) || 1000;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const database = await createTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'esign-identity-bench-'));
const config = loadConfig(
  {},
  {
    dataDir,
    databaseUrl: database.url,
    jwtSecret: randomBytes(32).toString('hex'),
    appUrl: 'http://localhost:3000',
    smtpUrl: undefined,
    webDistDir: join(dataDir, 'no-web-app'),
    logLevel: 'silent',
  },
);
const app = await buildApp(config, { logger: false, warmUpOffice: false });
const { db } = app.platform.database;
try {
  const [owner] = await db
    .insert(users)
    .values({ name: 'Owner', email: `owner.${Date.now()}@example.com`, passwordHash: 'x' })
    .returning();
  const [document] = await db
    .insert(documents)
    .values({ userId: owner?.id ?? '', type: 'others', status: 'awaiting', title: 'Lease', sentAt: new Date() })
    .returning();
  const email = `jane.${Date.now()}@example.com`;
  const [signer] = await db
    .insert(signers)
    .values({ documentId: document?.id ?? '', name: 'Jane', email, order: 1, verification: 'email' })
    .returning();
  if (!document || !signer) throw new Error('not seeded');
  const token = await issueSigningToken(db, { documentId: document.id, signerId: signer.id });
  const base = `/api/v1/document_sign/signers/${signer.id}/document/${document.id}/identity`;
  const post = (path: string, payload: object) =>
    app.inject({ method: 'POST', url: `${base}${path}`, headers: { [SIGN_ACCESS_TOKEN_HEADER]: token }, payload });
  if ((await post('/send', { channel: 'email' })).statusCode !== 200) throw new Error('code not sent');
  const [mail] = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  const guesses = Array.from({ length: GUESSES }, (_, index) =>
    String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
  );
  const started = performance.now();
  const answers = await Promise.all(guesses.map((guess) => post('/check', { channel: 'email', code: guess })));
  const elapsed = performance.now() - started;
  const [row] = await db.select().from(signerVerificationCodes).where(eq(signerVerificationCodes.signerId, signer.id));
  const sameAnswer = new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size === 1;
  const rightAfter = (await post('/check', { channel: 'email', code })).statusCode;
  const table = [
    {
      measure: `${GUESSES} parallel guesses: evaluated`,
      value: String(row?.attempts),
      target: String(VERIFICATION_CODE_ATTEMPTS),
      met: row?.attempts === VERIFICATION_CODE_ATTEMPTS,
    },
    { measure: 'one answer for all (403, same body)', value: String(sameAnswer), target: 'true', met: sameAnswer },
    { measure: 'the right code after them', value: String(rightAfter), target: '403', met: rightAfter === 403 },
    { measure: `wall time of the ${GUESSES}`, value: `${elapsed.toFixed(0)} ms`, target: '-', met: true },
  ];
  console.log('Signer identity check: parallel code guesses against one recipient (PostgreSQL)');
  console.table(table);
  for (const { measure, value, target, met } of table) {
    recordResult({ row: measure, measured: value, target, met: target === '-' ? null : met });
  }
  if (table.some((line) => !line.met)) process.exitCode = 1;
} finally {
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
