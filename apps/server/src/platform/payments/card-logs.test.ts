import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blankField } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BENCH_OUTBOX_KEY, loggedInUser } from '../../../bench/server-process.js';
import { corpusFile } from '../../../test/documents.js';
import { type OidcPeer, oidcPeer } from '../../../test/oidc-peer.js';
import { type NodeChild, startServer, waitFor } from '../../../test/server-process.js';

const NUMBERS = ['4242424242424242', '4000000000000002', '4000000000000341', '4242424242424241'];
const dataDir = mkdtempSync(join(tmpdir(), 'esign-card-logs-'));
let server: NodeChild | undefined;
let baseUrl = '';
let peer: OidcPeer | undefined;
beforeAll(async () => {
  // SSO_ALLOW_PRIVATE: the single sign-on test's provider listens on a loopback address.
  const started = await startServer(dataDir, { LOG_LEVEL: 'trace', SSO_ALLOW_PRIVATE: 'true' });
  server = started.server;
  baseUrl = started.baseUrl;
  await waitFor('the server', async () => (await fetch(`${baseUrl}/api/v1/health`).catch(() => null))?.ok, 60_000);
}, 90_000);
afterAll(async () => {
  await peer?.close();
  server?.process.kill('SIGTERM');
  if (server) await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('card numbers in the logs', () => {
  it('never appear in any log line of the real server, at its most verbose level, whatever the answer', async () => {
    const started = { server: server as NodeChild };
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
    const output = started.server.text;
    expect(output.length).toBeGreaterThan(1000);
    expect(output).toContain('/credit-card');
    for (const number of NUMBERS) expect(output).not.toContain(number);
    expect(output).not.toMatch(/4242 4242 4242 4242/);
  });
});

describe('single sign-on client secrets in the logs', () => {
  it('never appear in any log line, through the settings and a whole sign-in', async () => {
    const token = await loggedInUser(baseUrl);
    const secret = 'sso-log-watch-7c1e5f2a9b';
    // The owner signs in through it (a free account's people do not join a team: the owner alone may).
    const me = (await (
      await fetch(`${baseUrl}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { email: string };
    const domain = me.email.split('@')[1] ?? '';
    peer = await oidcPeer({
      clientId: 'log-watch',
      clientSecret: secret,
      redirectUri: `${baseUrl}/api/v1/auth/sso/callback`,
    });
    const call = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/api/v1${path}`, {
        method,
        redirect: 'manual',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const settings = {
      issuerUrl: peer.issuer,
      clientId: 'log-watch',
      clientSecret: secret,
      domains: [domain],
      isRequired: false,
    };
    const saved = await call('PUT', '/user/sso', settings);
    expect(saved.status).toBe(200);
    expect(await saved.text()).not.toContain(secret);
    expect(await (await call('GET', '/user/sso')).text()).not.toContain(secret);
    // A refused save (a bad domain) and a sign-in through the provider to its end.
    expect((await call('PUT', '/user/sso', { ...settings, domains: ['not a domain'] })).status).toBe(400);
    const started = await call('POST', '/auth/sso/start', { email: me.email });
    const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    peer.signInNext({ email: me.email, emailVerified: true });
    const answer = new URL(await peer.authorize(((await started.json()) as { url: string }).url));
    const back = await call('GET', `/auth/sso/callback${answer.search}`, undefined, { cookie });
    const code = (back.headers.get('location') ?? '').split('#code=')[1] ?? '';
    expect(code).not.toBe('');
    expect((await call('POST', '/auth/sso/complete', { code })).status).toBe(200);
    await vi.waitFor(() => expect(server?.text).toContain('/auth/sso/complete'), { timeout: 10_000 });
    const output = server?.text ?? '';
    expect(output).toContain('/user/sso');
    expect(output).not.toContain(secret);
    // Nor its Basic authorisation's encoding.
    expect(output).not.toContain(Buffer.from(`log-watch:${secret}`).toString('base64'));
    expect(output).not.toContain(code);
  });
});

// Issue 38: a signer's identity code (mailed), right or wrong, never reaches a log line either.
describe('signer identity codes in the logs', () => {
  it('never appear in any log line, whether typed wrong or right', async () => {
    const token = await loggedInUser(baseUrl);
    const call = async (
      method: string,
      path: string,
      body?: object | FormData,
      headers: Record<string, string> = {},
    ) => {
      const response = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
      });
      return {
        status: response.status,
        json: (await response.json().catch(() => ({}))) as {
          id?: string;
          isFinished?: boolean;
          signers?: { id: string }[];
        },
      };
    };
    const mails = async (to: string) =>
      (
        (await (await fetch(`${baseUrl}/api/v1/dev/mail?token=${BENCH_OUTBOX_KEY}`)).json()) as {
          to: string;
          subject: string;
          text: string;
        }[]
      ).filter((mail) => mail.to === to);

    const document = (await call('POST', '/documents', { type: 'others' })).json;
    const form = new FormData();
    form.append('upload', new Blob([corpusFile('pdf/pdf20_latex_2p.pdf')]), 'contract.pdf');
    expect((await call('POST', `/documents/${document.id}/file_upload`, form)).status).toBe(200);
    await vi.waitFor(
      async () => expect((await call('GET', `/documents/${document.id}/convertion_data`)).json.isFinished).toBe(true),
      { timeout: 60_000, interval: 200 },
    );
    const email = `log.watcher.${Date.now()}@example.com`;
    const saved = await call('PATCH', `/documents/${document.id}`, {
      signers: [{ name: 'Log Watcher', email, order: 1, verification: 'email' }],
    });
    const signerId = saved.json.signers?.[0]?.id ?? '';
    await call('PATCH', `/documents/${document.id}`, {
      fields: [blankField({ id: randomUUID(), type: 'text', coordinateY: 600, signerId })],
    });
    expect((await call('PATCH', `/document_sign/documents/${document.id}/send_out`)).status).toBe(200);
    const invitation = await vi.waitFor(
      async () => {
        const found = (await mails(email)).find((mail) => /to sign/.test(mail.subject));
        if (!found) throw new Error('no invitation yet');
        return found;
      },
      { timeout: 20_000, interval: 100 },
    );
    const signToken = new URL(invitation.text.match(/https?:\/\/\S+/)?.[0] ?? '').searchParams.get('signAccessToken');
    const asSigner = { 'x-sign-access-token': signToken ?? '' };
    const base = `/document_sign/signers/${signerId}/document/${document.id}/identity`;
    expect((await call('POST', `${base}/send`, { channel: 'email' }, asSigner)).status).toBe(200);
    const code = ((await mails(email)).find((mail) => /code/i.test(mail.subject))?.text.match(/\b(\d{6})\b/)?.[1] ??
      '') as string;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('POST', `${base}/check`, { channel: 'email', code: wrong }, asSigner)).status).toBe(403);
    expect((await call('POST', `${base}/check`, { channel: 'email', code }, asSigner)).status).toBe(200);
    await vi.waitFor(() => expect(server?.text).toContain(`${base}/check`), { timeout: 10_000 });
    const output = server?.text ?? '';
    // Bounded by non-digits: a timestamp's digits may hold any six in a row.
    expect(output).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(output).not.toMatch(new RegExp(`(?<!\\d)${wrong}(?!\\d)`));
  }, 180_000);
});
