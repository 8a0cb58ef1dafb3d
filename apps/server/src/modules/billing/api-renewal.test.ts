import { MESSAGES, RENEWAL_RETRY_LIMIT } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { billingClient, billingRows, createRenewalTestApp, testBillingJobs } from '../../../test/billing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createRenewalTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.platform.database.db;
const { rows, chargesOf } = billingRows(() => t.app);

/** A user on the Gold API plan (monthly) with `number` as card, whose API period ended a minute ago. */
async function dueApiSubscriber(number = '4242424242424242') {
  const user = await authClient(t.app).loggedInUser();
  const billing = billingClient(t.app, user.accessToken);
  expect((await billing.addCard()).statusCode).toBe(200);
  expect((await billing.call('POST', '/api-plans/change', { type: 'gold', duration: 'monthly' })).statusCode).toBe(200);
  if (number !== '4242424242424242') expect((await billing.addCard({ number })).statusCode).toBe(200);
  await db().execute(sql`
    update api_subscriptions set current_period_start = now() - interval '31 days',
      current_period_end = now() - interval '1 minute' where user_id = ${user.id}`);
  return { ...user, billing };
}

const renewalInvoices = (userId: string) =>
  rows<{ status: string; amount_cents: number; kind: string; failure_message: string | null }>(sql`
    select status, amount_cents, kind, failure_message from invoices
    where user_id = ${userId} and charge_key like 'renew-api:%'`);

describe('renewal of API plans', () => {
  it('charges each due API plan once per period, with two workers at once and a second run', async () => {
    const subscribers = await Promise.all([dueApiSubscriber(), dueApiSubscriber()]);
    const jobs = testBillingJobs(t.app);
    await Promise.all([
      jobs.renewDueApiSubscriptions({ batchSize: 1 }),
      jobs.renewDueApiSubscriptions({ batchSize: 1 }),
    ]);
    expect((await jobs.renewDueApiSubscriptions()).charged).toBe(0);
    for (const subscriber of subscribers) {
      // The change's charge and one renewal.
      expect((await chargesOf(subscriber.id))[0]?.count).toBe(2);
      expect(await renewalInvoices(subscriber.id)).toEqual([
        { status: 'paid', amount_cents: 9900, kind: 'api', failure_message: null },
      ]);
      const info = (await subscriber.billing.call('GET', '/api-subscriptions')).json();
      expect(info.plan).toEqual({ type: 'gold', duration: 'monthly' });
      const [period] = await rows<{ ends_later: boolean }>(
        sql`select current_period_end > now() + interval '20 days' as ends_later from api_subscriptions where user_id = ${subscriber.id}`,
      );
      expect(period?.ends_later).toBe(true);
    }
  });

  it('the billing.renew-due job renews the plans and the API plans', async () => {
    const subscriber = await dueApiSubscriber();
    await testBillingJobs(t.app).renewDue.handler({});
    expect(await renewalInvoices(subscriber.id)).toHaveLength(1);
  });

  it('retries a declined API renewal a day later, then ends the API plan with a mail (dunning)', async () => {
    const subscriber = await dueApiSubscriber('4000000000000341');
    let now = Date.now();
    const jobs = testBillingJobs(t.app, () => new Date(now));
    await jobs.renewDueApiSubscriptions();
    const [pastDue] = await rows<{ status: string; failed_attempts: number }>(
      sql`select status, failed_attempts from api_subscriptions where user_id = ${subscriber.id}`,
    );
    expect(pastDue).toEqual({ status: 'past_due', failed_attempts: 1 });
    expect((await jobs.renewDueApiSubscriptions()).claimed).toBe(0);
    for (let attempt = 2; attempt <= RENEWAL_RETRY_LIMIT; attempt++) {
      now += 25 * 3_600_000;
      expect((await jobs.renewDueApiSubscriptions()).charged).toBe(1);
    }
    expect((await subscriber.billing.call('GET', '/api-subscriptions')).json().plan.type).toBe('free');
    expect(await renewalInvoices(subscriber.id)).toEqual([
      { status: 'failed', amount_cents: 9900, kind: 'api', failure_message: MESSAGES.cardDeclined },
    ]);
    const mail = await waitForMail(t.app, subscriber.email, { subject: /has ended/ });
    expect(mail.subject).toContain('API Gold plan');
  });
});
