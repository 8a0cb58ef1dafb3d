import { MESSAGES, type User } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { billingClient, TEST_CARD } from '../../../test/billing.js';
import { waitFor } from '../../../test/server-process.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.app.platform.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function payingUser() {
  const user = await authClient(t.app).loggedInUser();
  return { ...user, billing: billingClient(t.app, user.accessToken) };
}

describe('cards', () => {
  it("saves a sandbox test card ('Credit card is added') and keeps only its brand, last four and expiry", async () => {
    const { billing } = await payingUser();
    expect((await billing.call('GET', '/credit-card')).json()).toBeNull();
    const added = await billing.addCard();
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({
      cardType: 'visa',
      last4: '4242',
      expirationDate: '12/2099',
      cardholderName: 'Ada Lovelace',
    });
    const updated = await billing.call('PATCH', '/credit-card', { ...TEST_CARD, number: '5555555555554444' });
    expect(updated.json()).toMatchObject({ cardType: 'mastercard', last4: '4444' });
    expect((await billing.call('GET', '/credit-card')).json()).toMatchObject({ last4: '4444' });
  });

  it('answers a declined and an expired test card with the gateway reason (402), and bad input with its rule', async () => {
    const { billing } = await payingUser();
    const declined = await billing.addCard({ number: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: MESSAGES.cardDeclined });
    const expired = await billing.addCard({ number: '4000000000000069' });
    expect(expired.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: MESSAGES.cardExpired });
    const short = await billing.addCard({ number: '4242' });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain(MESSAGES.cardNumberLength);
    const past = await billing.addCard({ expirationDate: '01/2020' });
    expect(JSON.stringify(past.json())).toContain(MESSAGES.expirationInFuture);
    expect((await billing.call('GET', '/credit-card')).json()).toBeNull();
  });

  it('never stores a full card number or CVV, and no answer carries one', async () => {
    const { billing } = await payingUser();
    const answers = [
      await billing.addCard({ number: '4000000000000341', cvv: '987' }),
      await billing.addCard({ number: '4000000000000002' }),
      await billing.addCard({ number: '4242 4242 4242 4241' }),
    ];
    for (const answer of answers) {
      expect(answer.body).not.toMatch(/4000000000000341|4000000000000002|424242424242424/);
    }
    const dump = await rows<{ row: string }>(sql`
      select row_to_json(t)::text as row from (
        select * from payment_cards) t
      union all select row_to_json(t)::text from (select * from sandbox_payment_methods) t
      union all select row_to_json(t)::text from (select * from sandbox_charges) t
      union all select row_to_json(t)::text from (select * from invoices) t
      union all select row_to_json(t)::text from (select id, data from pgboss.job) t`);
    expect(dump.length).toBeGreaterThan(0);
    expect(dump.map((entry) => entry.row).join('\n')).not.toMatch(/4000000000000341|4242424242424242|"987"/);
  });
});

describe('plans and subscriptions', () => {
  it('lists the plans with ranks and both price readings per month; Free is current at first', async () => {
    const { billing } = await payingUser();
    const plans = (await billing.call('GET', '/plans')).json();
    expect(plans.current).toEqual({ type: 'free', duration: 'monthly' });
    expect(plans.plans).toHaveLength(6);
    expect(plans.plans).toContainEqual(
      expect.objectContaining({ type: 'business', duration: 'annually', rank: 4, pricePerMonth: '24.00' }),
    );
    expect(plans.plans).toContainEqual(
      expect.objectContaining({ type: 'personal', duration: 'monthly', rank: 1, pricePerMonth: '20.00' }),
    );
    const free = await billing.subscription();
    expect(free).toMatchObject({ plan: { type: 'free' }, total: '0.00', nextBillingDate: null });
  });

  it('refuses a paid plan without a card, then upgrades to Personal annually with the survey answer', async () => {
    const user = await payingUser();
    const { billing } = user;
    const withoutCard = await billing.changePlan({ type: 'personal', duration: 'annually' });
    expect(withoutCard.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: MESSAGES.cardRequired });
    await billing.addCard();
    const changed = await billing.changePlan({
      type: 'personal',
      duration: 'annually',
      paymentSurveyAnswer: { option: 'Other', other: 'A podcast' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(MESSAGES.planChanged);
    expect(changed.json().subscription).toMatchObject({
      plan: { type: 'personal', duration: 'annually' },
      userQuantity: 1,
      amount: '240.00',
      discountQuantity: 1,
      discountAmount: '48.00',
      total: '192.00',
      hasPaymentSurveyAnswer: true,
    });
    expect(changed.json().subscription.nextBillingDate).toMatch(/^[A-Z][a-z]+ \d{2}, \d{4}$/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.json<User>()).toMatchObject({ plan: { type: 'personal', duration: 'annually' }, templateLimit: 1 });
    const [stored] = await rows<{ answer: unknown }>(
      sql`select payment_survey_answer as answer from users where id = ${user.id}`,
    );
    expect(stored?.answer).toEqual({ option: 'Other', other: 'A podcast' });

    // The invoice: listed at once, its PDF made by a job and downloadable through a signed URL.
    const invoice = await waitFor('the invoice PDF', async () => (await billing.invoices()).find((row) => row.pdfKey));
    expect(invoice.amount).toBe('192.00');
    const link = await billing.call('POST', '/auth/get_signed_download_url', { key: invoice.pdfKey });
    expect(link.statusCode, link.body).toBe(200);
    const pdf = await t.app.inject({
      method: 'GET',
      url: new URL(link.json().result, 'http://x').pathname + new URL(link.json().result, 'http://x').search,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Another account sees neither the invoice nor its file.
    const other = await payingUser();
    expect(await other.billing.invoices()).toEqual([]);
    const stolen = await other.billing.call('POST', '/auth/get_signed_download_url', { key: invoice.pdfKey });
    expect(stolen.statusCode).toBe(404);
  });

  it('charges an upgrade mid-period the new price less the unused part of the old one', async () => {
    const { billing, id } = await payingUser();
    await billing.addCard();
    await billing.changePlan({ type: 'personal', duration: 'monthly' });
    // Half of the month has passed: the subscription's period is moved back by its half.
    await t.app.platform.database.db.execute(sql`
      update subscriptions set current_period_start = now() - (current_period_end - current_period_start) / 2,
        current_period_end = now() + (current_period_end - current_period_start) / 2 where user_id = ${id}`);
    const upgraded = await billing.changePlan({ type: 'business', duration: 'monthly' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const amounts = (await billing.invoices()).map((row) => Number(row.amount));
    expect(amounts).toHaveLength(2);
    // 30.00 less about half of 20.00.
    expect(amounts[0]).toBeGreaterThan(19.9);
    expect(amounts[0]).toBeLessThan(20.1);
  });

  it("downgrades, then cancels: Free monthly and 'Subscription successfully removed'", async () => {
    const { billing } = await payingUser();
    await billing.addCard();
    await billing.changePlan({ type: 'business', duration: 'annually' });
    const down = await billing.changePlan({ type: 'personal', duration: 'monthly' });
    expect(down.statusCode, down.body).toBe(200);
    // The annual plan's unused part pays the month and stays as credit.
    expect(Number(down.json().subscription.credit)).toBeGreaterThan(200);
    expect((await billing.invoices())[0]?.amount).toBe('0.00');
    const same = await billing.changePlan({ type: 'personal', duration: 'monthly' });
    expect(same.statusCode).toBe(409);
    const cancelled = await billing.call('POST', '/subscriptions/cancel');
    expect(cancelled.json()).toMatchObject({
      message: MESSAGES.subscriptionRemoved,
      subscription: { plan: { type: 'free', duration: 'monthly' }, total: '0.00' },
    });
  });

  it('changes nothing when the card is declined at the charge', async () => {
    const { billing } = await payingUser();
    await billing.addCard({ number: '4000000000000341' });
    const refused = await billing.changePlan({ type: 'business', duration: 'monthly' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(MESSAGES.cardDeclined);
    expect(await billing.subscription()).toMatchObject({ plan: { type: 'free' } });
    expect(await billing.invoices()).toEqual([]);
  });

  it('answers 401 without a log-in', async () => {
    for (const url of ['/api/v1/subscriptions', '/api/v1/plans', '/api/v1/credit-card', '/api/v1/invoices']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it("saves billing details, empty values as null ('Billing details has been changed')", async () => {
    const { billing } = await payingUser();
    const saved = await billing.call('PATCH', '/user/billing_details', {
      companyName: 'Acme',
      address: '',
      city: 'Berlin',
      postalCode: null,
      country: 'DE',
      vatId: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      companyName: 'Acme',
      address: null,
      city: 'Berlin',
      postalCode: null,
      country: 'DE',
      vatId: null,
    });
  });
});
