import { MESSAGES } from '@esign/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { billingClient } from '../../../test/billing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('API plans', () => {
  it('starts on the free API plan, buys Gold monthly with a card, moves to Platinum annually, and ends it', async () => {
    const user = await authClient(t.app).loggedInUser();
    const billing = billingClient(t.app, user.accessToken);
    expect((await billing.call('GET', '/api-subscriptions')).json()).toMatchObject({
      plan: { type: 'free' },
      requestsMonthlyLimit: 0,
      nextBillingDate: null,
    });
    const withoutCard = await billing.call('POST', '/api-plans/change', { type: 'gold', duration: 'monthly' });
    expect(withoutCard.json().message).toBe(MESSAGES.cardRequired);
    await billing.addCard();
    const gold = await billing.call('POST', '/api-plans/change', { type: 'gold', duration: 'monthly' });
    expect(gold.statusCode, gold.body).toBe(200);
    expect(gold.json().subscription).toMatchObject({
      plan: { type: 'gold', duration: 'monthly' },
      amount: '99.00',
      requestsMonthlyLimit: 50,
      templatesLimit: 5,
    });
    const platinum = await billing.call('POST', '/api-plans/change', { type: 'platinum', duration: 'annually' });
    expect(platinum.json().subscription).toMatchObject({ amount: '2868.00', requestsMonthlyLimit: 150 });
    const invoices = (await billing.call('GET', '/invoices?type=api')).json<{ amount: string }[]>();
    expect(invoices).toHaveLength(2);
    // The unused Gold month is deducted from the year.
    expect(Number(invoices[0]?.amount)).toBeLessThan(2868);
    expect(await billing.invoices()).toHaveLength(2);
    expect((await billing.call('GET', '/invoices?type=plan')).json()).toEqual([]);
    const ended = await billing.call('DELETE', '/api-plans');
    expect(ended.json()).toMatchObject({
      message: MESSAGES.subscriptionRemoved,
      subscription: { plan: { type: 'free' } },
    });
  });

  it('refuses a plan that cannot be bought', async () => {
    const user = await authClient(t.app).loggedInUser();
    const billing = billingClient(t.app, user.accessToken);
    const answer = await billing.call('POST', '/api-plans/change', { type: 'appsumo_full', duration: 'monthly' });
    expect(answer.statusCode).toBe(400);
  });
});
