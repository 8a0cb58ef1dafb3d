import { EsignApiError } from '@esign/client';
import { type Document, MESSAGES } from '@esign/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyClient, keyClient, publicCall } from '../../../test/api-keys.js';
import { createTestApp, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { documentClient, fieldInput } from '../../../test/documents.js';
import { signerClient } from '../../../test/signing.js';
import { setPlan, templateClient } from '../../../test/templates.js';
import { apiIdempotency, apiSubscriptions, apiUsage, documents } from '../../platform/db/schema.js';
import { usageMonth } from './public-api.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { apiRateLimitPerSecond: 1000 } });
});
afterAll(async () => {
  await t?.close();
});

/** A user with a live API template of one role ('Client'), an API plan and a key of `mode`. */
async function apiAccount(options: { mode?: 'live' | 'test'; plan?: 'gold' | 'free' } = {}) {
  const user = await authClient(t.app).loggedInUser();
  await setPlan(t.app, user.id, 'business');
  const templates = templateClient(t.app, user.accessToken);
  const live = await templates.live(['Client']);
  const inApi = await templates.addToApi(live.id);
  if (inApi.statusCode !== 200) throw new Error(inApi.body);
  const keys = apiKeyClient(t.app, user.accessToken);
  const { key, apiKey } = await keys.newKey({ mode: options.mode ?? 'live' });
  if ((options.plan ?? 'gold') === 'gold') await setApiPlan(user.id, 'gold');
  return { user, key, apiKey, templateId: live.id, keys, templates };
}

async function setApiPlan(userId: string, planType: 'gold' | 'platinum') {
  const now = new Date();
  await t.app.platform.database.db.insert(apiSubscriptions).values({
    userId,
    planType,
    planDuration: 'monthly',
    amountCents: 9900,
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
}

const signer = (n = 1) => ({ name: `Signer ${n}`, email: `signer${n}.${Date.now()}@example.com` });

describe('public API: keys', () => {
  it('answers 401 alike for no key, a wrong key and a revoked key, with a request id', async () => {
    const { key, apiKey, keys } = await apiAccount();
    const none = await t.app.inject({ method: 'GET', url: '/api/public/v1/user' });
    const wrong = await publicCall(t.app, `esk_live_${'x'.repeat(43)}`, 'GET', '/user');
    await keys.call('DELETE', `/api_keys/revoke/${apiKey.id}`);
    const revoked = await publicCall(t.app, key, 'GET', '/user');
    for (const answer of [none, wrong, revoked]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'UNAUTHORIZED', message: MESSAGES.apiKeyInvalid });
      expect(answer.json().requestId).toBe(answer.headers['x-request-id']);
    }
    await keys.call('POST', `/api_keys/recover/${apiKey.id}`);
    expect((await publicCall(t.app, key, 'GET', '/user')).statusCode).toBe(200);
    await keys.call('DELETE', `/api_keys/${apiKey.id}`);
    expect((await publicCall(t.app, key, 'GET', '/user')).statusCode).toBe(401);
  });

  it('a user access token is not an API key', async () => {
    const { user } = await apiAccount();
    expect((await publicCall(t.app, user.accessToken, 'GET', '/user')).statusCode).toBe(401);
  });
});

describe('public API: its OpenAPI document', () => {
  it('serves the public routes alone at /api/public/docs, and leaves them out of /api/docs', async () => {
    const own = (await t.app.inject({ method: 'GET', url: '/api/public/docs/json' })).json();
    expect(Object.keys(own.paths).sort()).toEqual([
      '/documents',
      '/documents/recent',
      '/documents/{id}/attachments',
      '/documents/{id}/attachments/{fieldId}/download_url',
      '/documents/{id}/expiry',
      '/documents/{id}/legal_hold',
      '/documents/{id}/reassignment',
      '/documents/{id}/recipients/{recipientId}',
      '/documents/{id}/signers',
      '/documents/{id}/void',
      '/erasures',
      '/retention',
      '/sign_request',
      '/user',
      '/webhooks',
      '/webhooks/{id}',
    ]);
    expect(own.servers).toEqual([{ url: '/api/public/v1' }]);
    expect(own.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const app = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(app.paths)).not.toContain('/sign_request');
    expect(Object.keys(app.paths)).toContain('/api_keys');
    expect((await t.app.inject({ method: 'GET', url: '/api/public/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('public API: calls', () => {
  it('sends an API template to a signer, with a signing link, and lists it with its signers (typed client)', async () => {
    const { user, key, templateId } = await apiAccount();
    const client = keyClient(t.app, key);
    const person = signer();
    const answer = await client.signRequest({ templateId, title: 'Offer', signers: [person], withSigningLinks: true });
    expect(answer).toMatchObject({ status: 'awaiting', testMode: false });
    expect(answer.signingLinks).toHaveLength(1);
    expect(answer.signingLinks?.[0]?.url).toContain(`/documents/${answer.documentId}/sign?signAccessToken=`);
    await waitForMail(t.app, person.email);

    const list = await client.documents({ status: ['awaiting'] });
    expect(list.items.map((item) => item.id)).toEqual([answer.documentId]);
    expect(await client.recentDocument()).toMatchObject({ id: answer.documentId, title: 'Offer' });
    expect(await client.documentSigners(answer.documentId)).toMatchObject({
      documentId: answer.documentId,
      status: 'awaiting',
      signers: [{ name: person.name, email: person.email, status: 'awaiting' }],
    });
    expect(await client.user()).toMatchObject({
      id: user.id,
      email: user.email,
      apiPlan: 'gold',
      keyMode: 'live',
      requestsMonthlyLimit: 50,
      requestsMonthlyUsed: 1,
    });
    const raw = await publicCall(t.app, key, 'GET', '/user');
    expect(raw.headers['ratelimit-limit']).toBe('1000');
    const missing = await client.documentSigners('00000000-0000-4000-8000-000000000000').catch((error) => error);
    expect(missing).toBeInstanceOf(EsignApiError);
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(missing.requestId).toBeTruthy();
  });

  it("cannot reach another account's templates or documents", async () => {
    const mine = await apiAccount();
    const theirs = await apiAccount();
    const sent = await publicCall(t.app, theirs.key, 'POST', '/sign_request', {
      templateId: theirs.templateId,
      signers: [signer()],
    });
    const theirDocument = sent.json().documentId;
    const useTheirs = await publicCall(t.app, mine.key, 'POST', '/sign_request', {
      templateId: theirs.templateId,
      signers: [signer()],
    });
    expect(useTheirs.statusCode).toBe(404);
    expect((await publicCall(t.app, mine.key, 'GET', `/documents/${theirDocument}/signers`)).statusCode).toBe(404);
    const listed = (await publicCall(t.app, mine.key, 'GET', '/documents')).json();
    expect(listed.items.map((item: { id: string }) => item.id)).not.toContain(theirDocument);
  });

  it('refuses a live template that is not in the API, and validates the body', async () => {
    const { key, user } = await apiAccount();
    const other = await templateClient(t.app, user.accessToken).live(['Client'], 'Not in API');
    const answer = await publicCall(t.app, key, 'POST', '/sign_request', { templateId: other.id, signers: [signer()] });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(MESSAGES.apiTemplateNotFound);
    const invalid = await publicCall(t.app, key, 'POST', '/sign_request', { templateId: other.id, signers: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().requestId).toBeTruthy();
  });

  it('writes each call to the key history, in batches, without the key', async () => {
    const { key, apiKey, keys } = await apiAccount();
    await publicCall(t.app, key, 'GET', '/user');
    await publicCall(t.app, key, 'GET', '/documents');
    await publicCall(t.app, key, 'GET', '/documents/00000000-0000-4000-8000-000000000000/signers');
    // The history is written in batches: waited for as long as the old loop waited (50 tries, 100 ms apart).
    const history = await vi.waitFor(
      async () => {
        const page = (await keys.call('GET', `/api_keys/${apiKey.id}/request_history`)).json();
        expect(page.totalItems).toBeGreaterThanOrEqual(3);
        return page;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(history.items.map((item: { type: string; statusCode: number }) => [item.type, item.statusCode])).toEqual([
      ['get_document_signers', 404],
      ['get_documents', 200],
      ['get_user', 200],
    ]);
    expect(JSON.stringify(history)).not.toContain(key);
    expect((await keys.call('GET', `/api_keys/${apiKey.id}`)).json().requests).toBe(3);
  });
});

describe('public API: quota, test mode and idempotency', () => {
  it('refuses live sign requests on the free API plan, and makes free test documents with a test key', async () => {
    const live = await apiAccount({ plan: 'free' });
    const refused = await publicCall(t.app, live.key, 'POST', '/sign_request', {
      templateId: live.templateId,
      signers: [signer()],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    const test = await live.keys.newKey({ mode: 'test', name: 'Sandbox' });
    const sent = await publicCall(t.app, test.key, 'POST', '/sign_request', {
      templateId: live.templateId,
      signers: [signer()],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().testMode).toBe(true);
    const document = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/documents/${sent.json().documentId}`,
        headers: { authorization: `Bearer ${live.user.accessToken}` },
      })
    ).json<Document>();
    expect(document.testMode).toBe(true);
    const documentId = sent.json().documentId;
    // Left out of the web list unless asked for; a test key's own list is its test documents.
    const web = (path: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1${path}`,
        headers: { authorization: `Bearer ${live.user.accessToken}` },
      });
    const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
    expect(ids((await web('/documents')).json())).not.toContain(documentId);
    const asked = (await web('/documents?testMode=true')).json();
    expect(ids(asked)).toEqual([documentId]);
    expect(asked.totalItems).toBe(1);
    expect(ids((await publicCall(t.app, test.key, 'GET', '/documents')).json())).toEqual([documentId]);
    expect(ids((await publicCall(t.app, live.key, 'GET', '/documents')).json())).not.toContain(documentId);
    const me = (await publicCall(t.app, test.key, 'GET', '/user')).json();
    expect(me).toMatchObject({ requestsMonthlyUsed: 0, testRequestsMonthlyUsed: 1, keyMode: 'test' });
  });

  it('counts the monthly quota exactly under concurrent requests', async () => {
    const { user, key, templateId } = await apiAccount();
    const db = t.app.platform.database.db;
    await db.insert(apiUsage).values({ userId: user.id, month: usageMonth(new Date()), requests: 47 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        publicCall(t.app, key, 'POST', '/sign_request', { templateId, signers: [signer(n)] }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    const [usage] = await db
      .select()
      .from(apiUsage)
      .where(and(eq(apiUsage.userId, user.id), eq(apiUsage.month, usageMonth(new Date()))));
    expect(usage?.requests).toBe(50);
    const made = await db.select({ id: documents.id }).from(documents).where(eq(documents.templateId, templateId));
    expect(made).toHaveLength(3);
  });

  it('answers a repeated Idempotency-Key with the first result, and 422 for another body', async () => {
    const { key, templateId } = await apiAccount();
    const body = { templateId, signers: [signer()] };
    const headers = { 'idempotency-key': 'order-42' };
    const client = keyClient(t.app, key);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.signRequest(body, { idempotencyKey: 'order-42' })),
    );
    const ids = new Set(answers.map((answer) => answer.documentId));
    expect(ids.size).toBe(1);
    const db = t.app.platform.database.db;
    expect(await db.select().from(documents).where(eq(documents.templateId, templateId))).toHaveLength(1);
    const other = await publicCall(t.app, key, 'POST', '/sign_request', { ...body, title: 'Else' }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const fresh = await publicCall(t.app, key, 'POST', '/sign_request', body, { 'idempotency-key': 'order-43' });
    expect(fresh.json().documentId).not.toBe([...ids][0]);
    // After 24 hours the key is a new request's.
    await db
      .update(apiIdempotency)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(apiIdempotency.key, 'order-42'));
    const later = await publicCall(t.app, key, 'POST', '/sign_request', body, headers);
    expect(later.statusCode).toBe(200);
    expect(later.json().documentId).not.toBe([...ids][0]);
    const invalid = await publicCall(t.app, key, 'POST', '/sign_request', body, { 'idempotency-key': 'a b' });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('public API: what a key is told', () => {
  it('answers the access code of a test document when signer access codes are on, and its signer opens it', async () => {
    // Cause: a sent document gets an access code when the company turns signer access codes on, but a test
    // document is in no list and the sign_request answer did not carry the code, so nobody could open it.
    const { user, key, templateId } = await apiAccount({ mode: 'test' });
    const company = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/company',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: {
        companyName: null,
        companyEmail: null,
        emailTemplate: null,
        redirectionPage: null,
        tagline: null,
        industry: null,
        signatureTypesPreferences: {
          isDrawnSignaturesAvailable: true,
          isUploadedSignaturesAvailable: true,
          isTypedSignaturesAvailable: true,
        },
        enableSignerAccessCodes: true,
      },
    });
    expect(company.statusCode, company.body).toBe(200);
    const client = keyClient(t.app, key);
    const answer = await client.signRequest({ templateId, signers: [signer()], withSigningLinks: true });
    expect(answer).toMatchObject({ testMode: true, accessCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/) });
    const link = answer.signingLinks?.[0];
    const token = new URL(link?.url ?? '', 'http://localhost').searchParams.get('signAccessToken') ?? '';
    const call = signerClient(t.app, token);
    const path = `/document_sign/signers/${link?.signerId}/document/${answer.documentId}`;
    expect((await call('GET', path)).json().code).toBe('ACCESS_CODE_REQUIRED');
    const confirmed = await call('POST', `${path}/confirm_code`, { codeAccess: answer.accessCode });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('GET', path)).statusCode).toBe(200);
    // Without access codes the answer says there is none.
    const plain = await apiAccount({ mode: 'test' });
    expect(
      await keyClient(t.app, plain.key).signRequest({ templateId: plain.templateId, signers: [signer()] }),
    ).toMatchObject({ accessCode: null });
  });

  it('tells a live key on the Free API plan what the plan allows, not that a monthly limit is reached', async () => {
    // Cause: the Free API plan's allowance of live requests is 0, and the quota check answered it as a limit
    // reached ('You've reached your API plan's monthly limit') to a key that had used none.
    const { key, templateId } = await apiAccount({ plan: 'free' });
    const client = keyClient(t.app, key);
    const refused = await client.signRequest({ templateId, signers: [signer()] }).catch((error) => error);
    expect(refused).toBeInstanceOf(EsignApiError);
    expect(refused).toMatchObject({ status: 403, code: 'QUOTA_EXCEEDED', message: MESSAGES.apiFreePlanTestOnly });
    expect(await client.user()).toMatchObject({ apiPlan: 'free', requestsMonthlyLimit: 0, requestsMonthlyUsed: 0 });
  });
});

describe('public API: embedded signing', () => {
  it("lets only the key's allowed origins frame a signing link's page, and tells the page those origins", async () => {
    const { key, templateId, keys, apiKey } = await apiAccount();
    await keys.call('PATCH', `/api_keys/${apiKey.id}`, { allowedOrigins: ['https://crm.example.com'] });
    const answer = await keyClient(t.app, key).signRequest({ templateId, signers: [signer()], withSigningLinks: true });
    const link = new URL(answer.signingLinks?.[0]?.url ?? '');
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.headers['content-security-policy']).toContain('frame-ancestors https://crm.example.com');
    expect(page.headers['x-frame-options']).toBeUndefined();
    const token = link.searchParams.get('signAccessToken') ?? '';
    const wrong = await t.app.inject({ method: 'GET', url: `${link.pathname}?signAccessToken=${'x'.repeat(43)}` });
    expect(wrong.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const other = await t.app.inject({ method: 'GET', url: '/documents' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document_sign/signers/${answer.signingLinks?.[0]?.signerId}/document/${answer.documentId}`,
      headers: { 'x-sign-access-token': token },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().document.embedOrigins).toEqual(['https://crm.example.com']);
  });
});

describe('public API: rate limit', () => {
  it('answers 429 with Retry-After and RateLimit headers past the per-key limit', async () => {
    const limited = await createTestApp({ config: { apiRateLimitPerSecond: 3 } });
    try {
      const user = await authClient(limited.app).loggedInUser();
      const { key } = await apiKeyClient(limited.app, user.accessToken).newKey();
      const answers = await Promise.all(Array.from({ length: 12 }, () => publicCall(limited.app, key, 'GET', '/user')));
      const refused = answers.filter((answer) => answer.statusCode === 429);
      const passed = answers.filter((answer) => answer.statusCode === 200);
      // At most two one-second windows are touched: at most 6 pass.
      expect(passed.length).toBeLessThanOrEqual(6);
      expect(refused.length).toBeGreaterThanOrEqual(6);
      const first = refused[0];
      expect(first?.headers['retry-after']).toMatch(/^\d+$/);
      expect(first?.headers['ratelimit-limit']).toBe('3');
      expect(first?.headers['ratelimit-remaining']).toBe('0');
      expect(first?.json().code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  });
});

describe('public API: the signer identity check (issue 38)', () => {
  it('sends with an SMS code check and the number, which the sender reads back in full and the signer masked', async () => {
    const { key, templateId } = await apiAccount();
    const client = keyClient(t.app, key);
    const person = { ...signer(7), verification: 'sms' as const, phone: '+33 6 12 34 56 12' };
    const invalid = await publicCall(t.app, key, 'POST', '/sign_request', {
      templateId,
      signers: [{ ...person, phone: '12' }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(MESSAGES.verificationPhoneInvalid);
    const answer = await client.signRequest({ templateId, signers: [person], withSigningLinks: true });
    expect(await client.documentSigners(answer.documentId)).toMatchObject({
      signers: [{ email: person.email, verification: 'sms', phone: '+33612345612' }],
    });
    const link = new URL(answer.signingLinks?.[0]?.url ?? '');
    const signerId = answer.signingLinks?.[0]?.signerId ?? '';
    const call = signerClient(t.app, link.searchParams.get('signAccessToken') ?? '');
    const closed = await call('GET', `/document_sign/signers/${signerId}/document/${answer.documentId}`);
    expect(closed.json().code).toBe('IDENTITY_CHECK_REQUIRED');
    const identity = await call('GET', `/document_sign/signers/${signerId}/document/${answer.documentId}/identity`);
    expect(identity.json().checks).toEqual([{ channel: 'sms', to: '+33 ••• •• 12', verified: false }]);
  });
});

describe('public API: prefilled values by label (issue 37)', () => {
  it("checks a newer kind's value with its field's rules, stores its normal form and keeps the field's lock", async () => {
    const user = await authClient(t.app).loggedInUser();
    await setPlan(t.app, user.id, 'business');
    const templates = templateClient(t.app, user.accessToken);
    const draft = await templates.readyDraft(['Client']);
    const role = draft.signers[0]?.id ?? null;
    const seats = fieldInput({
      signerId: role,
      type: 'number',
      placeholder: 'Seats',
      coordinateY: 200,
      settings: { max: 10, locked: true },
    });
    await templates.ok(templates.patch(draft.id, { fields: [...draft.fields, seats] }));
    const activated = await templates.ok<{ template: Document }>(templates.activate(draft.id));
    expect((await templates.addToApi(activated.template.id)).statusCode).toBe(200);
    const { key } = await apiKeyClient(t.app, user.accessToken).newKey({ mode: 'live' });
    await setApiPlan(user.id, 'gold');
    const send = (value: string) =>
      publicCall(t.app, key, 'POST', '/sign_request', {
        templateId: activated.template.id,
        signers: [signer()],
        fieldValues: { seats: value },
      });

    const bad = await send('11');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.fieldNumberTooLarge);
    const good = await send(' 7 ');
    expect(good.statusCode, good.body).toBe(200);
    const document = (await documentClient(t.app, user.accessToken).get(good.json().documentId)).json<Document>();
    const field = document.fields.find((candidate) => candidate.type === 'number');
    expect([field?.text, field?.settings?.locked]).toEqual(['7', true]);
  });
});
