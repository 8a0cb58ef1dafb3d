import { MESSAGES, RENEWAL_RETRY_LIMIT } from '@esign/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, waitForMail } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import {
  billingClient,
  billingRows,
  createRenewalTestApp,
  heldGateway,
  testBillingJobs,
  testBillingService,
} from '../../../test/billing.js';
import { sandboxGateway } from '../../platform/payments/sandbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createRenewalTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.platform.database.db;
const { rows, chargesOf } = billingRows(() => t.app);

/** A user on `plan` with `number` as card, whose period ended a minute ago. */
async function dueSubscriber(plan: { type: string; duration: string }, number = '4242424242424242') {
  const user = await authClient(t.app).loggedInUser();
  const billing = billingClient(t.app, user.accessToken);
  expect((await billing.addCard({ number: '4242424242424242' })).statusCode).toBe(200);
  expect((await billing.changePlan(plan)).statusCode).toBe(200);
  if (number !== '4242424242424242') expect((await billing.addCard({ number })).statusCode).toBe(200);
  await db().execute(sql`
    update subscriptions set current_period_start = now() - interval '31 days',
      current_period_end = now() - interval '1 minute' where user_id = ${user.id}`);
  return { ...user, billing };
}

describe('renewal', () => {
  it('charges each due subscription once per period, even with two workers at once and a second run', async () => {
    // CI found 2 claims of 3 here: its run met a tenth minute, when the app's own scheduled renewal (a third worker)
    // claimed one first. This file's app has that schedule removed (createRenewalTestApp).
    const subscribers = await Promise.all([
      dueSubscriber({ type: 'personal', duration: 'monthly' }),
      dueSubscriber({ type: 'business', duration: 'monthly' }),
      dueSubscriber({ type: 'personal', duration: 'annually' }),
    ]);
    const jobs = testBillingJobs(t.app);
    // Two workers at once, in batches of 1 so that they interleave, then a third run.
    const [first, second] = await Promise.all([
      jobs.renewDueSubscriptions({ batchSize: 1 }),
      jobs.renewDueSubscriptions({ batchSize: 1 }),
    ]);
    expect(first.claimed + second.claimed).toBeGreaterThanOrEqual(3);
    const third = await jobs.renewDueSubscriptions();
    expect(third.charged).toBe(0);
    for (const subscriber of subscribers) {
      // The plan change's charge and one renewal.
      expect((await chargesOf(subscriber.id))[0]?.count).toBe(2);
      const [renewal] = await rows<{ count: number }>(
        sql`select count(*)::int as count from invoices where user_id = ${subscriber.id} and charge_key like 'renew:%' and status = 'paid'`,
      );
      expect(renewal?.count).toBe(1);
      const [period] = await rows<{ ends_later: boolean }>(
        sql`select current_period_end > now() + interval '20 days' as ends_later from subscriptions where user_id = ${subscriber.id}`,
      );
      expect(period?.ends_later).toBe(true);
    }
  });

  it('a run that died after charging and before recording is not charged again: the gateway answers its first charge', async () => {
    const subscriber = await dueSubscriber({ type: 'personal', duration: 'monthly' });
    const [due] = await rows<{ id: string; end: Date; method: string; customer: string }>(sql`
      select s.id, s.current_period_end as end, c.payment_method_ref as method, c.customer_ref as customer
      from subscriptions s join payment_cards c on c.user_id = s.user_id where s.user_id = ${subscriber.id}`);
    if (!due) throw new Error('no subscription');
    // What the dead run did: the period's charge under the renewal's key, and nothing recorded.
    const [first] = await sandboxGateway(db()).chargeMany([
      {
        customerRef: due.customer,
        paymentMethodRef: due.method,
        amountCents: 2000,
        currency: 'USD',
        idempotencyKey: `renew:${due.id}:${new Date(due.end).toISOString()}:attempt-0`,
        description: 'renewal',
      },
    ]);
    expect(first?.status).toBe('succeeded');
    await testBillingJobs(t.app).renewDueSubscriptions();
    // The plan change's charge and that one: no second payment for the period.
    expect((await chargesOf(subscriber.id))[0]?.count).toBe(2);
    const [invoice] = await rows<{ status: string; charge_ref: string }>(
      sql`select status, charge_ref from invoices where user_id = ${subscriber.id} and charge_key like 'renew:%'`,
    );
    expect(invoice).toEqual({ status: 'paid', charge_ref: first?.status === 'succeeded' ? first.chargeRef : '' });
  });

  it('retries a declined renewal a day later, then falls back to Free with a mail (dunning)', async () => {
    const subscriber = await dueSubscriber({ type: 'business', duration: 'monthly' }, '4000000000000341');
    let now = Date.now();
    const jobs = testBillingJobs(t.app, () => new Date(now));
    await jobs.renewDueSubscriptions();
    expect(await subscriber.billing.subscription()).toMatchObject({ plan: { type: 'business' }, status: 'past_due' });
    // Not due again within the day.
    expect((await jobs.renewDueSubscriptions()).claimed).toBe(0);
    for (let attempt = 2; attempt <= RENEWAL_RETRY_LIMIT; attempt++) {
      now += 25 * 3_600_000;
      expect((await jobs.renewDueSubscriptions()).charged).toBe(1);
    }
    expect(await subscriber.billing.subscription()).toMatchObject({ plan: { type: 'free' }, total: '0.00' });
    const [failed] = await rows<{ status: string; failure_message: string }>(
      sql`select status, failure_message from invoices where user_id = ${subscriber.id} and charge_key like 'renew:%'`,
    );
    expect(failed).toEqual({ status: 'failed', failure_message: MESSAGES.cardDeclined });
    const mail = await waitForMail(t.app, subscriber.email, { subject: /has ended/ });
    expect(mail.text).toContain('Free plan');
    expect(await subscriber.billing.invoices()).toHaveLength(1);
  });
});

describe('seats (for teams)', () => {
  it('previews and charges added users for the rest of the period, once per idempotency key', async () => {
    const user = await authClient(t.app).loggedInUser();
    const billing = billingClient(t.app, user.accessToken);
    await billing.addCard();
    await billing.changePlan({ type: 'business', duration: 'monthly' });
    const service = testBillingService(t.app);
    const preview = await service.previewSeatCharge({ userId: user.id, seats: 2 });
    expect(preview).toMatchObject({ perSeatCents: 3000, periodCents: 6000, label: '/mo', userQuantity: 3 });
    expect(preview.chargeCents).toBeGreaterThan(5900);
    const changed = await Promise.all([
      service.changeSeatCount({ userId: user.id, userQuantity: 3, idempotencyKey: 'invite-1' }),
      service.changeSeatCount({ userId: user.id, userQuantity: 3, idempotencyKey: 'invite-1' }),
    ]);
    expect(changed[0]).toMatchObject({ userQuantity: 3, total: '90.00' });
    expect((await chargesOf(user.id))[0]?.count).toBe(2);
    await service.changeSeatCount({ userId: user.id, userQuantity: 3, idempotencyKey: 'invite-1' });
    expect((await chargesOf(user.id))[0]?.count).toBe(2);
  });

  it("two calls with one key at once add the seats' charge to the paid amount once", async () => {
    const user = await authClient(t.app).loggedInUser();
    const billing = billingClient(t.app, user.accessToken);
    await billing.addCard();
    await billing.changePlan({ type: 'business', duration: 'monthly' });
    const paid = async () =>
      (await rows<{ paid_cents: number }>(sql`select paid_cents from subscriptions where user_id = ${user.id}`))[0]
        ?.paid_cents ?? 0;
    const before = await paid();
    const service = testBillingService(t.app);
    await Promise.all(
      [1, 2, 3].map(() => service.changeSeatCount({ userId: user.id, userQuantity: 2, idempotencyKey: 'same' })),
    );
    const [seatInvoice] = await rows<{ amount_cents: number }>(
      sql`select amount_cents from invoices where user_id = ${user.id} and charge_key like 'seats:%'`,
    );
    expect(seatInvoice?.amount_cents).toBeGreaterThan(0);
    expect(await paid()).toBe(before + (seatInvoice?.amount_cents ?? 0));
    expect((await chargesOf(user.id))[0]?.count).toBe(2);
  });
});

describe('one plan change of an account at a time', () => {
  it('a plan or API plan change tried while another is at the gateway is refused and charges nothing; then the lock is free', async () => {
    const user = await authClient(t.app).loggedInUser();
    const billing = billingClient(t.app, user.accessToken);
    await billing.addCard();
    const held = heldGateway();
    const service = testBillingService(t.app, held.wrap);
    const first = service.changePlan({ userId: user.id, type: 'personal', duration: 'monthly' });
    await vi.waitFor(() => expect(held.isCharging()).toBe(true));
    // Over HTTP and through the service, as two tabs or a double click would.
    const viaRoute = await billing.changePlan({ type: 'business', duration: 'annually' });
    expect(viaRoute.statusCode).toBe(409);
    expect(viaRoute.json().message).toBe(MESSAGES.billingBusy);
    await expect(service.changePlan({ userId: user.id, type: 'business', duration: 'monthly' })).rejects.toMatchObject({
      message: MESSAGES.billingBusy,
    });
    const api = await billing.call('POST', '/api-plans/change', { type: 'gold', duration: 'monthly' });
    expect(api.statusCode).toBe(409);
    held.open();
    await first;
    expect((await chargesOf(user.id))[0]?.count).toBe(1);
    expect((await billing.changePlan({ type: 'business', duration: 'annually' })).statusCode).toBe(200);
    expect((await chargesOf(user.id))[0]?.count).toBe(2);
  });
});
