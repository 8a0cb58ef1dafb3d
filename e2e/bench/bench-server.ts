/**
 * What the browser benchmarks share: the built server started on a fresh data folder, a small API client, the
 * development mail outbox, a signed-in account and an uploaded draft. Needs `npm run build`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUTBOX_KEY } from '../support/accounts.js';
import { makePdf } from '../support/pdf.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function benchServer(port: number, name: string) {
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let dataDir: string | null = null;

  async function start(): Promise<void> {
    dataDir = mkdtempSync(join(tmpdir(), `esign-${name}-bench-`));
    // BENCH_LOG_LEVEL=info prints the server's request log (each request's arrival and response time).
    // Started as `npm start` starts it (scripts/start.mjs): with the server's own Node flags and environment.
    const { flags, env } = JSON.parse(readFileSync(join(root, 'apps/server/node-process.json'), 'utf8')) as {
      flags: string[];
      env: Record<string, string>;
    };
    // BENCH_SERVER_NODE_ARGS (for example `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server under load.
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const started = spawn(process.execPath, [...flags, ...nodeArgs, join(root, 'apps/server/dist/main.js')], {
      env: {
        ...env,
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        APP_URL: base,
        DEV_MAIL_TOKEN: OUTBOX_KEY,
      },
      stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    });
    child = started;
    // The server never outlives the benchmark, even when it fails.
    process.once('exit', () => started.kill('SIGTERM'));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/api/v1/health`)).ok) return;
      } catch {}
      await pause(200);
    }
    throw new Error('the server did not start');
  }

  async function stop(): Promise<void> {
    const running = child;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
    const isForm = init.body instanceof FormData;
    const response = await fetch(`${base}/api/v1${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.body && !isForm ? { 'Content-Type': 'application/json' } : {}),
      },
      body: isForm ? (init.body as FormData) : init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The first link of the newest mail to `to` whose subject matches, once it is in the outbox. */
  async function linkInMail(to: string, subject: RegExp): Promise<string> {
    for (;;) {
      const mails = await api<{ to: string; subject: string; text: string }[]>(`/dev/mail?token=${OUTBOX_KEY}`);
      const link = mails
        .find((mail) => mail.to === to && subject.test(mail.subject))
        ?.text.match(/https?:\/\/\S+/)?.[0];
      if (link) return link;
      await pause(100);
    }
  }

  /** A new account, confirmed through its mail and signed in. */
  async function signUp(who: string): Promise<Session> {
    const email = `bench.${who}.${Date.now()}@example.com`;
    await api('/auth/sign_up', { body: { name: 'Bench Mark', email, password: 'secret1' } });
    const token = new URL(await linkInMail(email, /confirm/i)).searchParams.get('emailConfirmationToken');
    await api('/auth/confirm_email/confirm', { body: { token } });
    return api<Session>('/auth/sign_in', { body: { email, password: 'secret1' } });
  }

  /** A draft for others with a generated PDF of `pages` pages, converted. Answers its id. */
  async function uploadedDraft(token: string, pages: number): Promise<string> {
    const { id } = await api<{ id: string }>('/documents', { token, body: { type: 'others' } });
    const form = new FormData();
    form.append(
      'upload',
      new Blob([new Uint8Array(makePdf(pages))], { type: 'application/pdf' }),
      `bench-${pages}.pdf`,
    );
    await api(`/documents/${id}/file_upload`, { token, body: form });
    while (!(await api<{ isFinished: boolean }>(`/documents/${id}/convertion_data`, { token })).isFinished) {
      await pause(250);
    }
    return id;
  }

  return { base, start, stop, api, linkInMail, signUp, uploadedDraft };
}
