import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { vi } from 'vitest';
import { BENCH_OUTBOX_KEY } from '../bench/server-process.js';
import { serverRoot } from '../src/platform/paths.js';

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Polls `check` until it answers something truthy, or fails after `timeoutMs`; an error `check` throws ends it. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 60_000,
): Promise<NonNullable<T>> {
  const outcome = await vi.waitFor(
    async () => {
      const answer = await Promise.resolve()
        .then(check)
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
      if ('value' in answer && !answer.value) throw new Error(`timed out waiting for ${what}`);
      return answer;
    },
    { timeout: timeoutMs, interval: 50 },
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.value as NonNullable<T>;
}

/**
 * A node process running a TypeScript file of the server through tsx (as `npm run dev` does, without its
 * watcher): the real server (`src/main.ts`) or a test's own script. Its output is kept; `exited` settles when it
 * has ended.
 */
export class NodeChild {
  readonly process: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private output = '';
  /** Its output streams have ended: everything it printed has been read. */
  private isClosed = false;

  constructor(script: string, args: string[] = [], env: Record<string, string> = {}) {
    this.process = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, script), ...args], {
      cwd: serverRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process.stdout?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
    this.exited = new Promise((resolve) => this.process.once('exit', (code, signal) => resolve({ code, signal })));
    this.process.once('close', () => {
      this.isClosed = true;
    });
  }

  get pid(): number {
    if (!this.process.pid) throw new Error('the child did not start');
    return this.process.pid;
  }

  get text(): string {
    return this.output;
  }

  /** The JSON lines it printed (pino's log lines, a script's reports). */
  lines(): Record<string, unknown>[] {
    return this.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Waits for a printed JSON line that `match` accepts (a log line by its `msg`, a script's report). */
  waitForLine(what: string, match: (line: Record<string, unknown>) => boolean, timeoutMs = 60_000) {
    return waitFor(
      what,
      () => {
        // The line is looked for first, and the child counts as ended only once all it printed has been read: it
        // may print the line and end before the next look.
        const found = this.lines().find(match);
        if (found) return found;
        if (this.isClosed) throw new Error(`the child ended before ${what}:\n${this.output}`);
        return undefined;
      },
      timeoutMs,
    );
  }
}

/**
 * The real server (src/main.ts) on the embedded database in `dataDir`, listening on a free port, with mails in its
 * outbox (its key BENCH_OUTBOX_KEY): the environment's DATABASE_URL and SMTP_URL (a test run on PostgreSQL) are not passed on.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const server = new NodeChild('src/main.ts', [], {
    DATABASE_URL: '',
    SMTP_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    // The benchmarks' sign-up helper (bench/server-process.ts) reads the outbox with this key.
    DEV_MAIL_TOKEN: BENCH_OUTBOX_KEY,
    ...env,
  });
  return { server, baseUrl: `http://127.0.0.1:${port}` };
}

export interface ProcessInfo {
  pid: number;
  name: string;
  commandLine: string;
}

/** This machine's processes whose command line names `text` (from /proc). */
export function processesNaming(text: string): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!commandLine.includes(text)) continue;
      found.push({ pid: Number(entry), name: readFileSync(`/proc/${entry}/comm`, 'utf8').trim(), commandLine });
    } catch {}
  }
  return found;
}
