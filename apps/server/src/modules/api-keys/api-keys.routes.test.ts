import { MESSAGES } from '@esign/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient } from '../../../test/api-keys.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { teamClient } from '../../../test/teams.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import { apiKeys } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('API keys', () => {
  it('needs an API plan chosen (the free one included) before a key is made; the flag shows in the subscription', async () => {
    const user = await authClient(t.app).loggedInUser();
    const keys = apiKeyClient(t.app, user.accessToken);
    expect((await keys.call('GET', '/api-subscriptions')).json().isApiEnabled).toBe(false);
    const refused = await keys.create({ name: 'CRM' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.apiPlanNeeded);
    await keys.chooseFreePlan();
    expect((await keys.call('GET', '/api-subscriptions')).json().isApiEnabled).toBe(true);
    expect((await keys.create({ name: 'CRM' })).statusCode).toBe(200);
  });

  it('answers the key once, stores only its SHA-256, and lists it with its prefix', async () => {
    const user = await authClient(t.app).loggedInUser();
    const keys = apiKeyClient(t.app, user.accessToken);
    const live = await keys.newKey({ name: 'HR system' });
    expect(live.key).toMatch(/^esk_live_[\w-]{43}$/);
    expect(live.apiKey).toMatchObject({ name: 'HR system', mode: 'live', requests: 0, deletedAt: null });
    expect(live.key.startsWith(live.apiKey.prefix)).toBe(true);
    const test = await keys.newKey({ name: 'Sandbox', mode: 'test' });
    expect(test.key).toMatch(/^esk_test_/);
    const [row] = await t.app.platform.database.db.select().from(apiKeys).where(eq(apiKeys.id, live.apiKey.id));
    expect(row?.keyHash).toBe(hashToken(live.key));
    expect(JSON.stringify(row)).not.toContain(live.key.slice(13));
    const listed = (await keys.call('GET', '/api_keys')).json();
    expect(listed).toMatchObject({ totalItems: 2, pageNumber: 1, itemCount: 2 });
    expect(listed.items.map((item: { name: string }) => item.name)).toEqual(['Sandbox', 'HR system']);
    expect(JSON.stringify(listed)).not.toContain(live.key);
    const got = (await keys.call('GET', `/api_keys/${live.apiKey.id}`)).json();
    expect(got).toEqual(live.apiKey);
  });

  it('requires a name', async () => {
    const user = await authClient(t.app).loggedInUser();
    const keys = apiKeyClient(t.app, user.accessToken);
    await keys.chooseFreePlan();
    const answer = await keys.create({ name: '' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(MESSAGES.required);
  });

  it('revokes, recovers and deletes with the spec messages', async () => {
    const user = await authClient(t.app).loggedInUser();
    const keys = apiKeyClient(t.app, user.accessToken);
    const { apiKey } = await keys.newKey();
    expect((await keys.call('DELETE', `/api_keys/revoke/${apiKey.id}`)).json().message).toBe(MESSAGES.apiKeyRevoked);
    expect((await keys.call('GET', `/api_keys/${apiKey.id}`)).json().deletedAt).not.toBeNull();
    expect((await keys.call('POST', `/api_keys/recover/${apiKey.id}`)).json().message).toBe(MESSAGES.apiKeyRecovered);
    expect((await keys.call('GET', `/api_keys/${apiKey.id}`)).json().deletedAt).toBeNull();
    expect((await keys.call('DELETE', `/api_keys/${apiKey.id}`)).json().message).toBe(MESSAGES.apiKeyDeleted);
    expect((await keys.call('GET', `/api_keys/${apiKey.id}`)).statusCode).toBe(404);
    const a = await keys.newKey({ name: 'A' });
    const b = await keys.newKey({ name: 'B' });
    const many = await keys.call('DELETE', '/api_keys', { ids: [a.apiKey.id, b.apiKey.id] });
    expect(many.json().message).toBe(MESSAGES.apiKeyDeleted);
    expect((await keys.call('GET', '/api_keys')).json().totalItems).toBe(0);
  });

  it("answers 404 for another account's key, and a teammate 404 for the whole area", async () => {
    const owner = await authClient(t.app).loggedInUser();
    const stranger = await authClient(t.app).loggedInUser();
    const { apiKey } = await apiKeyClient(t.app, owner.accessToken).newKey();
    const other = apiKeyClient(t.app, stranger.accessToken);
    await other.chooseFreePlan();
    for (const [method, url] of [
      ['GET', `/api_keys/${apiKey.id}`],
      ['DELETE', `/api_keys/revoke/${apiKey.id}`],
      ['POST', `/api_keys/recover/${apiKey.id}`],
      ['DELETE', `/api_keys/${apiKey.id}`],
      ['GET', `/api_keys/${apiKey.id}/request_history`],
    ] as const) {
      expect((await other.call(method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await other.call('DELETE', '/api_keys', { ids: [apiKey.id] })).statusCode).toBe(404);
    expect((await apiKeyClient(t.app, owner.accessToken).call('GET', `/api_keys/${apiKey.id}`)).statusCode).toBe(200);

    const { members } = await teamClient(t.app).team(1);
    const member = members[0];
    if (!member) throw new Error('no member');
    expect((await apiKeyClient(t.app, member.accessToken).call('GET', '/api_keys')).statusCode).toBe(404);
  });

  it('refuses an origin that is not https (or http on localhost)', async () => {
    const user = await authClient(t.app).loggedInUser();
    const keys = apiKeyClient(t.app, user.accessToken);
    const { apiKey } = await keys.newKey({ allowedOrigins: ['https://crm.example.com'] });
    expect(apiKey.allowedOrigins).toEqual(['https://crm.example.com']);
    const bad = await keys.call('PATCH', `/api_keys/${apiKey.id}`, { allowedOrigins: ['http://crm.example.com'] });
    expect(bad.statusCode).toBe(400);
    const good = await keys.call('PATCH', `/api_keys/${apiKey.id}`, { allowedOrigins: ['http://localhost:5173'] });
    expect(good.json().allowedOrigins).toEqual(['http://localhost:5173']);
  });
});
