import { MESSAGES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { billingClient, createRenewalTestApp, testBillingJobs } from '../../../test/billing.js';
import { startStripePeer } from '../../../test/stripe-peer.js';

const SECRET = 'sk_test_local_peer';
let peer: Awaited<ReturnType<typeof startStripePeer>>;
let t: TestApp;
beforeAll(async () => {
  peer = await startStripePeer(SECRET);
  t = await createRenewalTestApp({ config: { stripe: { secretKey: SECRET, apiUrl: peer.url } } });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('the Stripe driver (against a local peer speaking Stripe protocol)', () => {
  it('saves a card as a PaymentMethod of a Customer and charges with the invoice key as Idempotency-Key', async () => {
    const user = await authClient(t.app).loggedInUser();
    const billing = billingClient(t.app, user.accessToken);
    const added = await billing.addCard();
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ cardType: 'visa', last4: '4242' });
    const stored = (await t.app.platform.database.db.execute(
      sql`select gateway, customer_ref, payment_method_ref from payment_cards where user_id = ${user.id}`,
    )) as unknown as { rows: { gateway: string; customer_ref: string; payment_method_ref: string }[] };
    const card = stored.rows[0];
    expect(card?.gateway).toBe('stripe');
    expect(card?.customer_ref).toMatch(/^cus_/);
    expect(card?.payment_method_ref).toMatch(/^pm_/);
    const changed = await billing.changePlan({ type: 'business', duration: 'monthly' });
    expect(changed.statusCode, changed.body).toBe(200);
    const intents = peer.requests.filter((request) => request.path === '/v1/payment_intents');
    expect(intents).toHaveLength(1);
    expect(intents[0]?.idempotencyKey).toMatch(/^change:/);
    expect(intents[0]?.body.get('amount')).toBe('3000');
    expect(intents[0]?.body.get('confirm')).toBe('true');
    expect(intents[0]?.body.get('off_session')).toBe('true');

    // Renewal: the same period sent twice reaches Stripe with the same key, and Stripe replays its first answer.
    await t.app.platform.database.db.execute(sql`
      update subscriptions set current_period_end = now() - interval '1 minute' where user_id = ${user.id}`);
    const jobs = testBillingJobs(t.app);
    await Promise.all([jobs.renewDueSubscriptions({ batchSize: 1 }), jobs.renewDueSubscriptions({ batchSize: 1 })]);
    const renewals = peer.requests.filter((request) => request.idempotencyKey?.startsWith('renew:'));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.idempotencyKey).toMatch(/^renew:[0-9a-f-]{36}:.+:attempt-0$/);
  });

  it('answers Stripe card errors as the gateway reason, and the card number goes to Stripe only', async () => {
    const user = await authClient(t.app).loggedInUser();
    const billing = billingClient(t.app, user.accessToken);
    const declined = await billing.addCard({ number: '4000000000000002' });
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: MESSAGES.cardDeclined });
    await billing.addCard({ number: '4000000000000341' });
    const refused = await billing.changePlan({ type: 'personal', duration: 'monthly' });
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: MESSAGES.cardDeclined });
    const methods = peer.requests.filter((request) => request.path === '/v1/payment_methods');
    expect(methods.map((request) => request.body.get('card[number]'))).toContain('4000000000000341');
    expect(peer.requests.every((request) => request.authorization === `Bearer ${SECRET}`)).toBe(true);
  });
});
