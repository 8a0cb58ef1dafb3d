import { API_PREFIX, MESSAGES, type WebhookDelivery, type WebhookSubscription } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { awaitingDocument, signerClient } from '../../../test/signing.js';
import { eventually, webhookReceiver } from '../../../test/webhook-receiver.js';
import { recordEvent } from '../../data/events.js';
import { webhookJobs } from './webhooks.jobs.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ config: { webhooks: { allowPrivateAddresses: true, retryDelaySeconds: 1 } } });
  receiver = await webhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `${API_PREFIX}${url}`, headers, ...(payload ? { payload } : {}) });

async function subscribe(headers: Headers, events: string[], url = receiver.url) {
  const response = await call('POST', '/webhooks', headers, { url, events });
  expect(response.statusCode).toBe(200);
  return response.json<{ webhook: WebhookSubscription; secret: string }>();
}

async function deliveries(headers: Headers, id: string) {
  return (await call('GET', `/webhooks/${id}/deliveries?limit=100`, headers)).json<{ deliveries: WebhookDelivery[] }>()
    .deliveries;
}

describe('webhooks', () => {
  it('delivers each event a subscription chose once, signed as Standard Webhooks, in order per document', async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const headers = { authorization: `Bearer ${doc.owner.accessToken}` };
    const { webhook, secret } = await subscribe(headers, ['document.viewed', 'document.signed', 'document.completed']);
    expect(secret).toMatch(/^whsec_/);

    const [signer] = doc.signers;
    if (!signer) throw new Error('no signer');
    const signerCall = signerClient(t.app, signer.token);
    await signerCall('POST', `/document_sign/documents/${doc.documentId}/signers/${signer.id}/signatory_opened`);
    await signerCall('PATCH', `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`, {
      fields: [{ id: signer.fieldIds[0], checked: true }],
      consent: 'I agree',
    });
    await eventually(() => receiver.accepted.filter((r) => r.payload.documentId === doc.documentId).length >= 3);
    const got = receiver.all.filter((r) => r.payload.documentId === doc.documentId);
    expect(got.map((r) => r.payload.type)).toEqual(['document.viewed', 'document.signed', 'document.completed']);
    expect(got.map((r) => r.payload.sequence)).toEqual([1, 2, 3]);
    for (const received of got)
      expect(receiver.verify(received, secret)).toMatchObject({ type: received.payload.type });
    expect(new Set(got.map((r) => r.id)).size).toBe(3);

    // The receiver has the last one before its delivery is recorded: the log is read once all three are written.
    await eventually(async () => (await deliveries(headers, webhook.id)).every((d) => d.status !== 'pending'));
    const log = await deliveries(headers, webhook.id);
    expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(log[0]?.attempts[0]).toMatchObject({ isSuccess: true, responseStatus: 200, responseBody: 'answered 200' });
  });

  it('retries a delivery refused with 500, logs every try, keeps the document order, and replays by hand', async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const headers = { authorization: `Bearer ${doc.owner.accessToken}` };
    const { webhook, secret } = await subscribe(headers, ['document.viewed', 'document.reverted']);
    let refusals = 0;
    receiver.setAnswer((r) =>
      r.payload.documentId === doc.documentId && r.payload.sequence === 1 && refusals++ < 2 ? 500 : 200,
    );
    const { db } = t.app.platform.database;
    await db.transaction((tx) => recordEvent(tx, { type: 'document.viewed', documentId: doc.documentId }));
    await db.transaction((tx) => recordEvent(tx, { type: 'document.reverted', documentId: doc.documentId }));
    await eventually(() => receiver.accepted.filter((r) => r.payload.documentId === doc.documentId).length >= 2);
    const got = receiver.all.filter((r) => r.payload.documentId === doc.documentId);
    // The second event waited for the first: it arrived only after the first was accepted.
    expect(got.map((r) => r.payload.sequence)).toEqual([1, 1, 1, 2]);
    expect(new Set(got.slice(0, 3).map((r) => r.id)).size).toBe(1);
    for (const received of got) receiver.verify(received, secret);

    const log = await deliveries(headers, webhook.id);
    const first = log.find((d) => d.eventType === 'document.viewed');
    expect(first?.attempts.map((a) => [a.isSuccess, a.responseStatus])).toEqual([
      [false, 500],
      [false, 500],
      [true, 200],
    ]);

    const replayed = await call('POST', `/webhooks/${webhook.id}/deliveries/${first?.id}/replay`, headers);
    expect(replayed.statusCode).toBe(200);
    await eventually(() => receiver.all.filter((r) => r.id === first?.id).length === 4);
    const after = (await deliveries(headers, webhook.id)).find((d) => d.id === first?.id);
    expect(after?.attempts.at(-1)).toMatchObject({ isSuccess: true, isManual: true });
    receiver.setAnswer(() => 200);
  });

  it("sends many documents' events as one batch, each once; a failure in it is retried on its own", async () => {
    const user = await authClient(t.app).loggedInUser();
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const { db } = t.app.platform.database;
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push((await call('POST', '/documents', headers, { type: 'others' })).json<{ id: string }>().id);
    }
    const { webhook } = await subscribe(headers, ['document.deleted']);
    let isHeld = true;
    receiver.setAnswer((r) => (r.payload.documentId === ids[7] && isHeld ? 503 : 200));
    expect((await call('DELETE', '/documents', headers, { ids })).statusCode).toBe(200);
    const accepted = () => receiver.accepted.filter((r) => ids.includes(String(r.payload.documentId)));
    await eventually(() => new Set(accepted().map((r) => r.id)).size === 19, 60_000);
    await eventually(async () => (await deliveries(headers, webhook.id)).every((d) => d.attempts.length > 0));
    const log = await deliveries(headers, webhook.id);
    const refused = log.find((d) => d.documentId === ids[7]);
    if (!refused) throw new Error('no delivery of the refused document');
    // One job sent all twenty.
    const batchesOfAll = sql`select state from (select name, data, state from pgboss.job
      union all select name, data, state from pgboss.archive) j
      where name = 'webhooks.deliver-batch' and jsonb_array_length(data->'deliveryIds') = 20
        and jsonb_exists(data->'deliveryIds', ${refused.id})`;
    expect(await rows(batchesOfAll)).toHaveLength(1);

    // The batch run again (as after its process ended) sends nothing twice: the refused delivery went on as a job
    // of its own, and stays the only one.
    const unused = {} as Parameters<typeof webhookJobs>[0];
    await t.app.platform.jobs.send(webhookJobs(unused).deliverBatch, { deliveryIds: log.map((d) => d.id).reverse() });
    await eventually(async () => {
      const states = await rows<{ state: string }>(batchesOfAll);
      return states.length === 2 && states.every((one) => one.state === 'completed');
    });
    const ownJobs = await rows(sql`select id from (select name, data, id from pgboss.job
      union all select name, data, id from pgboss.archive) j
      where name = 'webhooks.deliver' and data->>'deliveryId' = ${refused.id}`);
    expect(ownJobs).toHaveLength(1);

    isHeld = false;
    await eventually(() => new Set(accepted().map((r) => r.id)).size === 20, 60_000);
    await eventually(async () => (await deliveries(headers, webhook.id)).every((d) => d.status === 'delivered'));
    expect(accepted()).toHaveLength(20);
    const after = await deliveries(headers, webhook.id);
    const tries = after.find((d) => d.id === refused.id)?.attempts.map((a) => a.responseStatus) ?? [];
    expect(tries.at(-1)).toBe(200);
    expect(tries.slice(0, -1).every((status) => status === 503)).toBe(true);
    expect(after.filter((d) => d.id !== refused.id).every((d) => d.attempts.length === 1)).toBe(true);
    receiver.setAnswer(() => 200);
  });

  it('delivers the completion exactly once while every mail fails (webhooks never wait on mail)', async () => {
    // Documenso #2814: the completion webhook was sent from the mail step, so a failing SMTP server lost it.
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const headers = { authorization: `Bearer ${doc.owner.accessToken}` };
    const { webhook } = await subscribe(headers, ['document.completed', 'document.sealed']);
    const { mailer } = t.app.platform;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('the SMTP server is down');
    };
    try {
      const [signer] = doc.signers;
      if (!signer) throw new Error('no signer');
      const signed = await signerClient(t.app, signer.token)(
        'PATCH',
        `/document_sign/documents/${doc.documentId}/signers/${signer.id}/sign`,
        { fields: [{ id: signer.fieldIds[0], checked: true }], consent: 'I agree' },
      );
      expect(signed.statusCode).toBe(200);
      const ofDocument = () => receiver.all.filter((r) => r.payload.documentId === doc.documentId);
      await eventually(() => ofDocument().length >= 2, 90_000);
      // Both deliveries ended, each in one try: nothing more is on its way to the receiver.
      await vi.waitFor(
        async () => {
          const log = await deliveries(headers, webhook.id);
          expect(log.map((d) => [d.status, d.attempts.length])).toEqual([
            ['delivered', 1],
            ['delivered', 1],
          ]);
        },
        { timeout: 30_000 },
      );
      expect(ofDocument().map((r) => r.payload.type)).toEqual(['document.completed', 'document.sealed']);
    } finally {
      mailer.send = send;
    }
  });

  it('sets the retries on the queue: at least 8 tries with exponential back-off', async () => {
    const result = (await t.app.platform.database.db.execute(
      sql`select retry_limit, retry_delay, retry_backoff from pgboss.queue where name = 'webhooks.deliver'`,
    )) as unknown as { rows: { retry_limit: number; retry_delay: number; retry_backoff: boolean }[] };
    expect(result.rows[0]).toMatchObject({ retry_limit: 10, retry_delay: 1, retry_backoff: true });
    // With the default first delay (60 s) the tenth retry comes about 17 hours after the first try.
    const total = Array.from({ length: 10 }, (_, retry) => 60 * 2 ** retry).reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(16);
  });

  it('sends a test event, and signs with both secrets for a day after a rotation', async () => {
    const user = await authClient(t.app).loggedInUser();
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const { webhook, secret } = await subscribe(headers, ['document.sent']);
    const rotated = await call('POST', `/webhooks/${webhook.id}/rotate_secret`, headers);
    const { secret: newSecret } = rotated.json<{ secret: string }>();
    expect(newSecret).not.toBe(secret);
    const test = await call('POST', `/webhooks/${webhook.id}/test`, headers);
    const { deliveryId } = test.json<{ deliveryId: string }>();
    await eventually(() => receiver.accepted.some((r) => r.id === deliveryId));
    const received = receiver.accepted.find((r) => r.id === deliveryId);
    if (!received) throw new Error('not received');
    expect(received.payload.type).toBe('webhook.test');
    receiver.verify(received, secret);
    receiver.verify(received, newSecret);
    expect(String(received.headers['webhook-signature']).split(' ')).toHaveLength(2);
  });

  it("answers 404 for another account's webhook and refuses a bad URL or no events", async () => {
    const owner = await authClient(t.app).loggedInUser();
    const stranger = await authClient(t.app).loggedInUser();
    const ownerHeaders = { authorization: `Bearer ${owner.accessToken}` };
    const strangerHeaders = { authorization: `Bearer ${stranger.accessToken}` };
    const { webhook } = await subscribe(ownerHeaders, ['document.sent']);
    for (const [method, path] of [
      ['GET', `/webhooks/${webhook.id}/deliveries`],
      ['POST', `/webhooks/${webhook.id}/test`],
      ['POST', `/webhooks/${webhook.id}/rotate_secret`],
      ['PATCH', `/webhooks/${webhook.id}`],
      ['DELETE', `/webhooks/${webhook.id}`],
    ] as const) {
      const response = await call(method, path, strangerHeaders, method === 'PATCH' ? { isEnabled: true } : undefined);
      expect(response.statusCode, path).toBe(404);
    }
    expect((await call('GET', '/webhooks', strangerHeaders)).json()).toEqual({ webhooks: [] });
    expect((await call('GET', '/webhooks', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const badUrl = await call('POST', '/webhooks', ownerHeaders, {
      url: 'ftp://example.com',
      events: ['document.sent'],
    });
    expect(badUrl.statusCode).toBe(400);
    const noEvents = await call('POST', '/webhooks', ownerHeaders, { url: receiver.url, events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(JSON.stringify(noEvents.json().errors)).toContain(MESSAGES.webhookEventsRequired);
    expect((await call('DELETE', `/webhooks/${webhook.id}`, ownerHeaders)).statusCode).toBe(200);
  });

  it('disables a subscription that has failed for days and mails its owner, without holding deliveries on mail', async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const headers = { authorization: `Bearer ${doc.owner.accessToken}` };
    const { webhook } = await subscribe(headers, ['document.viewed']);
    receiver.setAnswer((r) => (r.payload.documentId === doc.documentId ? 410 : 200));
    const { db } = t.app.platform.database;
    await db.transaction((tx) => recordEvent(tx, { type: 'document.viewed', documentId: doc.documentId }));
    await eventually(async () => (await deliveries(headers, webhook.id))[0]?.status === 'failed');
    t.advanceClock(4 * 24 * 60 * 60 * 1000);
    await db.transaction((tx) => recordEvent(tx, { type: 'document.viewed', documentId: doc.documentId }));
    await eventually(async () => (await call('GET', '/webhooks', headers)).json().webhooks[0]?.isEnabled === false);
    const mail = await waitForMail(t.app, doc.owner.email, { subject: /webhook/i });
    expect(mail.text).toContain(receiver.url);
    receiver.setAnswer(() => 200);
  });
});

describe('webhook URLs a user typed wrong', () => {
  // Cause: the resolver's own error for a host name that does not resolve (getaddrinfo ENOTFOUND) was not the
  // guard's refusal, so it went up unhandled as 500; and U+0000 in the URL's path passed the URL rule and reached
  // PostgreSQL, which cannot hold it in text (500).
  it('answer 400 with a clear message on create and update: a host that does not resolve, U+0000 in the path', async () => {
    const user = await authClient(t.app).loggedInUser();
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const unresolved = 'https://hooks.example.invalid/in';
    const created = await call('POST', '/webhooks', headers, { url: unresolved, events: ['document.sent'] });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors[0]).toMatchObject({
      property: 'url',
      constraints: { url: MESSAGES.webhookUrlUnresolved },
    });
    const { webhook } = await subscribe(headers, ['document.sent']);
    const updated = await call('PATCH', `/webhooks/${webhook.id}`, headers, { url: unresolved });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().message).toBe(MESSAGES.webhookUrlUnresolved);
    for (const url of [`${receiver.url}/\u0000`, `${receiver.url}?a=\u0000`]) {
      const withNul = await call('POST', '/webhooks', headers, { url, events: ['document.sent'] });
      expect(withNul.statusCode, url).toBe(400);
      expect(withNul.json().message, url).toBe(MESSAGES.webhookUrlInvalid);
      const patched = await call('PATCH', `/webhooks/${webhook.id}`, headers, { url });
      expect(patched.statusCode, url).toBe(400);
    }
    expect((await call('GET', '/webhooks', headers)).json().webhooks.map((w: WebhookSubscription) => w.url)).toEqual([
      receiver.url,
    ]);
  });
});

describe('webhooks to private addresses', () => {
  it('are refused unless the server allows them', async () => {
    const guarded = await createTestApp();
    try {
      const user = await authClient(guarded.app).loggedInUser();
      const response = await guarded.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/webhooks`,
        headers: { authorization: `Bearer ${user.accessToken}` },
        payload: { url: receiver.url.replace('127.0.0.1', 'localhost'), events: ['document.sent'] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        property: 'url',
        constraints: { url: MESSAGES.webhookUrlPrivate },
      });
    } finally {
      await guarded.close();
    }
  });
});
