import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loggedInUser } from '../../../bench/server-process.js';
import { type NodeChild, startServer, waitFor } from '../../../test/server-process.js';

const NUMBERS = ['4242424242424242', '4000000000000002', '4000000000000341', '4242424242424241'];
const dataDir = mkdtempSync(join(tmpdir(), 'esign-card-logs-'));
let server: NodeChild | undefined;
afterAll(async () => {
  server?.process.kill('SIGTERM');
  if (server) await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('card numbers in the logs', () => {
  it('never appear in any log line of the real server, at its most verbose level, whatever the answer', async () => {
    const started = await startServer(dataDir, { LOG_LEVEL: 'trace' });
    server = started.server;
    const { baseUrl } = started;
    await waitFor('the server', async () => (await fetch(`${baseUrl}/api/v1/health`).catch(() => null))?.ok, 60_000);
    const token = await loggedInUser(baseUrl);
    const call = (method: string, path: string, body: object) =>
      fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const card = { expirationDate: '12/2099', cvv: '987', cardholderName: 'Log Watcher', postalCode: '10115' };
    const statuses: number[] = [];
    for (const number of NUMBERS) statuses.push((await call('POST', '/credit-card', { ...card, number })).status);
    statuses.push((await call('PATCH', '/credit-card', { ...card, number: '4242 4242 4242 4242', cvv: 'x' })).status);
    statuses.push((await call('POST', '/plans/change', { type: 'business', duration: 'monthly' })).status);
    // Success, declined (402), validation (400): every path was taken.
    expect(new Set(statuses)).toEqual(new Set([200, 402, 400]));
    // The last call's line is written: the log holds every call.
    await vi.waitFor(() => expect(started.server.text).toContain('/plans/change'), { timeout: 10_000 });
    const output = server.text;
    expect(output.length).toBeGreaterThan(1000);
    expect(output).toContain('/credit-card');
    for (const number of NUMBERS) expect(output).not.toContain(number);
    expect(output).not.toMatch(/4242 4242 4242 4242/);
  });
});
