import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { billingJobs } from '../src/modules/billing/billing.jobs.js';
import { billingService } from '../src/modules/billing/billing.service.js';
import { createPaymentGateway } from '../src/platform/payments/create.js';
import type { PaymentGateway } from '../src/platform/payments/payments.js';
import { createTestApp, type TestApp } from './app.js';

export const TEST_CARD = {
  number: '4242 4242 4242 4242',
  expirationDate: '12/2099',
  cvv: '123',
  cardholderName: 'Ada Lovelace',
  postalCode: '10115',
};

/** Thin helpers over `app.inject()` for the billing routes, as the user with `token`. */
export function billingClient(app: FastifyInstance, token: string) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  return {
    call,
    addCard: (card: Partial<typeof TEST_CARD> = {}) => call('POST', '/credit-card', { ...TEST_CARD, ...card }),
    changePlan: (body: object) => call('POST', '/plans/change', body),
    subscription: async () => (await call('GET', '/subscriptions')).json(),
    invoices: async () =>
      (await call('GET', '/invoices')).json<{ id: string; amount: string; pdfKey: string | null }[]>(),
  };
}

/**
 * A test app whose renewals run only when its test runs them: the app's own schedule ('billing.renew-due', every
 * tenth minute) removed. Left in place, the app's worker renews at each tenth minute of the clock, a worker the test
 * did not start: a test counting what its two workers claimed found 2 of 3 when its run met such a minute (CI).
 */
export async function createRenewalTestApp(options?: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const t = await createTestApp(options);
  await t.app.platform.jobs.unschedule(testBillingJobs(t.app).renewDue.name);
  return t;
}

/** The billing jobs of a test app, on its own database, gateway and outbox (to run a renewal by hand). */
export function testBillingJobs(app: FastifyInstance, now: () => Date = () => new Date()) {
  const { database, jobs, storage, mailer, config } = app.platform;
  return billingJobs({
    db: database.db,
    jobs,
    gateway: createPaymentGateway(config, database.db),
    storage,
    mailer,
    appUrl: config.appUrl,
    seller: config.invoiceSeller,
    now,
  });
}

/** The billing service of a test app, as the teams module calls it (seats); `wrap` changes its gateway. */
export function testBillingService(app: FastifyInstance, wrap: (gateway: PaymentGateway) => PaymentGateway = (g) => g) {
  const { database, jobs, now, config } = app.platform;
  const gateway = wrap(createPaymentGateway(config, database.db));
  return billingService({ db: database.db, jobs, gateway, billingJobs: testBillingJobs(app, now), now });
}

/** Reading a test app's billing tables: any query's rows, and how many sandbox charges a user's card has. */
export function billingRows(app: () => FastifyInstance) {
  const rows = async <T>(query: SQL) =>
    ((await app().platform.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const chargesOf = (userId: string) =>
    rows<{ count: number }>(sql`
      select count(*)::int as count from sandbox_charges c
      join payment_cards p on p.payment_method_ref = c.payment_method_id where p.user_id = ${userId}`);
  return { rows, chargesOf };
}

/** A gateway whose charges wait until `open()`: a change is held at its gateway call while another is tried. */
export function heldGateway() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let isCharging = false;
  const wrap = (gateway: PaymentGateway): PaymentGateway => ({
    ...gateway,
    async chargeMany(requests) {
      isCharging = true;
      await opened;
      return gateway.chargeMany(requests);
    },
  });
  return { wrap, open: () => open(), isCharging: () => isCharging };
}
