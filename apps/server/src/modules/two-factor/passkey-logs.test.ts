import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loggedInUser } from '../../../bench/server-process.js';
import { softwarePasskey } from '../../../test/passkeys.js';
import { type NodeChild, startServer, waitFor } from '../../../test/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'esign-passkey-logs-'));
let server: NodeChild | undefined;
afterAll(async () => {
  server?.process.kill('SIGTERM');
  if (server) await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

type Options = { challengeToken: string; options: { challenge: string; rp: { id: string }; user: { id: string } } };

describe('passkey challenges in the logs', { timeout: 240_000 }, () => {
  it('never appear in any log line of the real server at its most verbose level, right or refused', async () => {
    const started = await startServer(dataDir, { LOG_LEVEL: 'trace' });
    server = started.server;
    const { baseUrl } = started;
    await waitFor('the server', async () => (await fetch(`${baseUrl}/api/v1/health`).catch(() => null))?.ok, 180_000);
    const token = await loggedInUser(baseUrl);
    const call = async (path: string, body: object, bearer?: string) =>
      fetch(`${baseUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify(body),
      });
    const secrets: string[] = [];
    const passkey = softwarePasskey({ origin: baseUrl });
    const registration = (await (await call('/user/passkeys/registration_options', {}, token)).json()) as Options;
    secrets.push(registration.challengeToken, registration.options.challenge);
    const credential = passkey.create(registration.options);
    const added = await call(
      '/user/passkeys',
      { name: 'Log watcher', challengeToken: registration.challengeToken, credential },
      token,
    );
    expect(added.status).toBe(200);

    const statuses: number[] = [];
    for (const origin of [baseUrl, 'https://evil.test']) {
      const signIn = (await (await call('/auth/sign_in/passkey/options', {})).json()) as Options;
      secrets.push(signIn.challengeToken, signIn.options.challenge);
      const answer = passkey.get(signIn.options, { origin });
      const response = await call('/auth/sign_in/passkey', {
        challengeToken: signIn.challengeToken,
        credential: answer,
      });
      statuses.push(response.status);
      if (response.ok) secrets.push(((await response.json()) as { refreshToken: string }).refreshToken);
    }
    expect(statuses).toEqual([200, 401]);
    await vi.waitFor(
      () => expect(started.server.text.match(/\/auth\/sign_in\/passkey"/g)?.length ?? 0).toBeGreaterThan(1),
      {
        timeout: 10_000,
      },
    );
    const output = started.server.text;
    expect(output).toContain('/user/passkeys');
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
