import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { parseTrustProxy } from './client-address.js';

describe('TRUST_PROXY', () => {
  it('takes false, true (one hop), a number of hops or a list of proxy addresses, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16 ,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', 'loopback', ',']) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

/** The IP recorded on a new document's `create` activity: what the certificate of completion prints. */
async function recordedIp(t: TestApp, accessToken: string, forwardedFor: string): Promise<string | null> {
  const headers = { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': forwardedFor };
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/documents', headers, payload: { type: 'me' } });
  const id = created.json<{ id: string }>().id;
  const activities = await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/activities`, headers });
  return activities.json<{ sourceIP: string | null }[]>()[0]?.sourceIP ?? null;
}

// Security issue, finding 3: with TRUST_PROXY=true, `X-Forwarded-For: 6.6.6.6, 10.9.9.9` printed 6.6.6.6 (an entry
// the client wrote) on the certificate, and rotating that entry escaped the per-IP sign-in limit.
describe('the client address behind one trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: parseTrustProxy('true') } });
  });
  afterAll(async () => t?.close());

  it('is the address the proxy saw, never an entry the client wrote', async () => {
    const user = await authClient(t.app).loggedInUser();
    expect(await recordedIp(t, user.accessToken, '6.6.6.6, 10.9.9.9')).toBe('10.9.9.9');
    expect(await recordedIp(t, user.accessToken, '203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps the per-address sign-in limit when the client rotates its own entries', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        payload: { email: `nobody${attempt}@example.com`, password: 'wrong-password1' },
        headers: { 'x-forwarded-for': `6.6.6.${attempt}, 198.51.100.9` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('believes the proxy about HTTPS: HSTS only then', async () => {
    const secure = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the client address behind listed proxies (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: parseTrustProxy('127.0.0.1,10.0.0.0/8') } });
  });
  afterAll(async () => t?.close());

  it('is the first entry from the right that no listed proxy wrote', async () => {
    const user = await authClient(t.app).loggedInUser();
    expect(await recordedIp(t, user.accessToken, '6.6.6.6, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    expect(await recordedIp(t, user.accessToken, '6.6.6.6, 10.9.9.9')).toBe('6.6.6.6');
  });
});
