import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEnv } from './accounts.js';

/**
 * One more built server, with a configuration of its own (MAINTENANCE_MODE, IDLE_LOGOUT_MINUTES ...), on its own
 * port and fresh embedded database: for the settings the suite's server does not have.
 */
export async function startExtraServer(port: number, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-e2e-extra-'));
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['../apps/server/dist/main.js'], {
    env: { ...process.env, ...serverEnv(port, dataDir), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/v1/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the extra server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    async stop() {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
