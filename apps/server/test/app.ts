import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutboxMail } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/platform/config.js';
import type { OfficeConverter } from '../src/platform/office/office-converter.js';
import { createTestDatabase, loadDump } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  /** Moves the application's clock (token lifetimes) forward. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/** A real application on a real, empty database (see createTestDatabase). */
export async function createTestApp(
  options: {
    webDistDir?: string;
    config?: Partial<Config>;
    /** A database another test app uses too (two API nodes): this one neither makes nor drops it. */
    databaseUrl?: string;
    /** The office converter the conversions use (default: LibreOffice). */
    office?: OfficeConverter;
    /**
     * What an older release left (test/fixtures): its database as a plain-SQL pg_dump file, loaded before the
     * application starts and migrates it, and its stored files (a folder copied as the data folder's `files`).
     */
    seed?: { dump: string; files?: string };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-test-'));
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createTestDatabase();
  const databaseUrl = options.seed ? await loadDump(database.url, dataDir, options.seed.dump) : database.url;
  if (options.seed?.files) cpSync(options.seed.files, join(dataDir, 'files'), { recursive: true });
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl,
      jwtSecret: randomBytes(32).toString('hex'),
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      webDistDir: options.webDistDir ?? join(dataDir, 'no-web-app'),
      logLevel: 'silent',
      ...options.config,
    },
  );
  let offsetMs = 0;
  const app = await buildApp(config, {
    logger: false,
    warmUpOffice: false,
    ...(options.office ? { office: options.office } : {}),
    now: () => new Date(Date.now() + offsetMs),
  });
  return {
    app,
    advanceClock(ms) {
      offsetMs += ms;
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for the job queue to deliver a mail to `to` into the outbox and returns the newest one. */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  options: { subject?: RegExp; after?: number; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  return vi.waitFor(
    async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/dev/mail',
        headers: { authorization: `Bearer ${app.platform.config.devMailToken}` },
      });
      const mails = response
        .json<OutboxMail[]>()
        .filter(
          (mail) =>
            mail.to === to &&
            (!options.subject || options.subject.test(mail.subject)) &&
            (!options.after || Date.parse(mail.createdAt) > options.after),
        );
      if (!mails[0]) throw new Error(`No mail to ${to} arrived`);
      return mails[0];
    },
    { timeout: options.timeoutMs ?? 15_000, interval: 100 },
  );
}

/** The query parameter of the first link of a mail's plain-text part. */
export function linkParam(mail: OutboxMail, name: string): string {
  const url = mail.text.match(/https?:\/\/\S+/)?.[0];
  const value = url ? new URL(url).searchParams.get(name) : null;
  if (!value) throw new Error(`No ${name} in mail "${mail.subject}"`);
  return value;
}

let counter = 0;
/** A unique, valid e-mail address for one test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}
