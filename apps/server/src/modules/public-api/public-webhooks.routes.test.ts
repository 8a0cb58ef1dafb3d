import { EsignApiError } from '@esign/client';
import { API_PREFIX, MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient, keyClient } from '../../../test/api-keys.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { awaitingDocument, signerClient } from '../../../test/signing.js';
import { eventually, webhookReceiver } from '../../../test/webhook-receiver.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  t = await createTestApp({
    config: { apiRateLimitPerSecond: 1000, webhooks: { allowPrivateAddresses: true, retryDelaySeconds: 1 } },
  });
  receiver = await webhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

/** A key of `accessToken`'s account (the free API plan chosen: webhooks need no paid plan). */
async function keyOf(accessToken: string) {
  const keys = apiKeyClient(t.app, accessToken);
  return { keys, ...(await keys.newKey({ mode: 'live' })) };
}

describe('public API: webhook_subscribe and webhook_unsubscribe (issue 22 with issue 23)', () => {
  it("subscribes the key's owner, who gets signed deliveries and sees it in the web app; a repeat under one Idempotency-Key answers the first", async () => {
    const doc = await awaitingDocument(t.app, { signers: [{ fields: [{ type: 'checkbox' }] }] });
    const { key, apiKey, keys } = await keyOf(doc.owner.accessToken);
    const client = keyClient(t.app, key);

    const body = { url: receiver.url, events: ['document.viewed' as const] };
    const first = await client.webhookSubscribe(body, { idempotencyKey: 'hook-1' });
    expect(first.secret).toMatch(/^whsec_/);
    expect(first.webhook).toMatchObject({ url: receiver.url, events: ['document.viewed'], isEnabled: true });
    const repeat = await client.webhookSubscribe(body, { idempotencyKey: 'hook-1' });
    expect(repeat).toEqual(first);
    const reused = await client
      .webhookSubscribe({ ...body, events: ['document.signed'] }, { idempotencyKey: 'hook-1' })
      .catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(EsignApiError);
    expect((reused as EsignApiError).code).toBe('IDEMPOTENCY_KEY_REUSED');

    // The web app's Settings › Webhooks lists the one subscription the key made.
    const listed = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/webhooks`,
      headers: { authorization: `Bearer ${doc.owner.accessToken}` },
    });
    expect(listed.json<{ webhooks: { id: string }[] }>().webhooks.map((hook) => hook.id)).toEqual([first.webhook.id]);

    // An event of the owner's document reaches the receiver, signed with the answered secret.
    const [signer] = doc.signers;
    if (!signer) throw new Error('no signer');
    await signerClient(t.app, signer.token)(
      'POST',
      `/document_sign/documents/${doc.documentId}/signers/${signer.id}/signatory_opened`,
    );
    const ours = () => receiver.accepted.filter((hook) => hook.payload.documentId === doc.documentId);
    await eventually(() => ours().length === 1);
    const [delivered] = ours();
    if (!delivered) throw new Error('not delivered');
    expect(receiver.verify(delivered, first.secret)).toMatchObject({ type: 'document.viewed' });

    expect(await client.webhookUnsubscribe(first.webhook.id)).toEqual({ success: true });
    const again = await client.webhookUnsubscribe(first.webhook.id).catch((error: unknown) => error);
    expect((again as EsignApiError).status).toBe(404);

    // Both calls are in the key's history under their types.
    await eventually(async () => {
      const history = (await keys.call('GET', `/api_keys/${apiKey.id}/request_history`)).json<{
        items: { type: string }[];
      }>();
      const types = history.items.map((item) => item.type);
      return types.includes('webhook_subscribe') && types.includes('webhook_unsubscribe');
    }, 10_000);
  });

  it("refuses a private address and a host that does not resolve as the web app does, and cannot remove another account's webhook", async () => {
    const owner = await authClient(t.app).loggedInUser();
    const stranger = await authClient(t.app).loggedInUser();
    const ownerClient = keyClient(t.app, (await keyOf(owner.accessToken)).key);
    const strangerClient = keyClient(t.app, (await keyOf(stranger.accessToken)).key);
    const invalid = await ownerClient
      .webhookSubscribe({ url: 'ftp://example.com', events: ['document.sent'] })
      .catch((error: unknown) => error);
    expect((invalid as EsignApiError).status).toBe(400);
    // Cause: a host name that does not resolve (getaddrinfo ENOTFOUND) went up unhandled as 500.
    const unresolved = await ownerClient
      .webhookSubscribe({ url: 'https://hooks.example.invalid/in', events: ['document.sent'] })
      .catch((error: unknown) => error);
    expect((unresolved as EsignApiError).status).toBe(400);
    expect((unresolved as EsignApiError).message).toBe(MESSAGES.webhookUrlUnresolved);
    const { webhook } = await ownerClient.webhookSubscribe({ url: receiver.url, events: ['document.sent'] });
    const foreign = await strangerClient.webhookUnsubscribe(webhook.id).catch((error: unknown) => error);
    expect((foreign as EsignApiError).status).toBe(404);
    expect((foreign as EsignApiError).message).toBe(MESSAGES.webhookNotFound);
    expect(await ownerClient.webhookUnsubscribe(webhook.id)).toEqual({ success: true });
  });
});
