import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverRoot } from '../src/platform/paths.js';

/** The server's Node flags and environment (`node-process.json`, which `npm start` reads too). */
interface NodeProcess {
  flags: string[];
  env: Record<string, string>;
}

/** The outbox's key of every benchmark server (DEV_MAIL_TOKEN). */
export const BENCH_OUTBOX_KEY = 'bench-outbox-key';

/** The built server as its own process, with its resident memory sampled while a benchmark runs. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private sampler: NodeJS.Timeout | undefined;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'esign-bench-'));
  peakRssMb = 0;
  readonly baseUrl: string;

  /**
   * `env`: more of the server's environment (a benchmark's own configuration, such as a peer's addresses).
   * `script`: `dist/worker.js` runs the job workers alone (no port: start() does not wait for it to answer).
   */
  constructor(
    private readonly port: number,
    private readonly env: Record<string, string> = {},
    private readonly script: 'dist/main.js' | 'dist/worker.js' = 'dist/main.js',
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    // BENCH_SERVER_NODE_ARGS (for example `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server under load.
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    // Started as `npm start` starts it (scripts/start.mjs): with the server's own Node flags and environment.
    const { flags, env } = JSON.parse(readFileSync(join(serverRoot, 'node-process.json'), 'utf8')) as NodeProcess;
    this.child = spawn(process.execPath, [...flags, ...nodeArgs, join(serverRoot, this.script)], {
      env: {
        ...env,
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        APP_URL: this.baseUrl,
        DEV_MAIL_TOKEN: BENCH_OUTBOX_KEY,
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    clearInterval(this.sampler);
    // Sampled from the spawn on, so a first start's peak (making the embedded database, migrations) is seen too.
    this.sampler = setInterval(() => this.sample(), 20);
    const deadline = this.script === 'dist/main.js' ? Date.now() + 60_000 : 0;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.baseUrl}/api/v1/health`)).ok) break;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The server's DATA_DIR (its files, its embedded database, LibreOffice's profile). */
  get dataDirectory(): string {
    return this.dataDir;
  }

  rssMb(): number {
    if (!this.child?.pid) return 0;
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  }

  private sample(): void {
    try {
      this.peakRssMb = Math.max(this.peakRssMb, this.rssMb());
    } catch {}
  }

  /** Ends the process at once (SIGKILL: a crash, nothing closed); start() runs it again. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Stops the process; its data folder stays unless `removeData`. */
  async stop(removeData = true): Promise<void> {
    clearInterval(this.sampler);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    this.peakRssMb = 0;
    if (removeData) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A confirmed, logged-in user of the server, through its own API and mail outbox. */
export async function loggedInUser(baseUrl: string): Promise<string> {
  const api = (path: string, body?: unknown) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const email = `bench.${Date.now()}@example.com`;
  await api('/auth/sign_up', { name: 'Bench Mark', email, password: 'secret1' });
  let token: string | null = null;
  while (!token) {
    const mails = (await (await api(`/dev/mail?token=${BENCH_OUTBOX_KEY}`)).json()) as { to: string; text: string }[];
    const link = mails.find((mail) => mail.to === email)?.text.match(/https?:\/\/\S+/)?.[0];
    token = link ? new URL(link).searchParams.get('emailConfirmationToken') : null;
    if (!token) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await api('/auth/confirm_email/confirm', { token });
  const signedIn = (await (await api('/auth/sign_in', { email, password: 'secret1' })).json()) as {
    accessToken: string;
  };
  return signedIn.accessToken;
}
