import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@esign/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sandboxPaymentMethods } from '../db/schema.js';
import {
  type CardDetails,
  CardRefusedError,
  type ChargeRequest,
  type ChargeResult,
  cardBrand,
  type PaymentGateway,
  type SavedCard,
} from './payments.js';

/**
 * The sandbox's documented test cards (any future expiry, any CVV), like a provider's test mode. Every other number
 * is declined, so nothing but these ever "pays".
 */
export const SANDBOX_TEST_CARDS = {
  /** Saved, and every charge succeeds. */
  success: ['4242424242424242', '5555555555554444', '378282246310005'],
  /** Refused when saved: 'Your card was declined.' */
  declined: '4000000000000002',
  /** Refused when saved: 'Your card has expired.' */
  expired: '4000000000000069',
  /** Saved, but every charge is declined (for renewals that fail). */
  chargeDeclined: '4000000000000341',
} as const;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The built-in gateway: its payment methods and charges are rows of its own tables; charges keyed by idempotency. */
export function sandboxGateway(db: Db): PaymentGateway {
  return {
    name: 'sandbox',

    async saveCard(input: { customerRef: string | null; card: CardDetails }): Promise<SavedCard> {
      const { number } = input.card;
      if (number === SANDBOX_TEST_CARDS.declined) throw new CardRefusedError(MESSAGES.cardDeclined);
      if (number === SANDBOX_TEST_CARDS.expired) throw new CardRefusedError(MESSAGES.cardExpired);
      const isSuccess = (SANDBOX_TEST_CARDS.success as readonly string[]).includes(number);
      if (!isSuccess && number !== SANDBOX_TEST_CARDS.chargeDeclined) throw new CardRefusedError(MESSAGES.cardDeclined);
      const saved: SavedCard = {
        customerRef: input.customerRef ?? newId('cus'),
        paymentMethodRef: newId('pm'),
        brand: cardBrand(number),
        last4: number.slice(-4),
        expMonth: input.card.expMonth,
        expYear: input.card.expYear,
      };
      await db.insert(sandboxPaymentMethods).values({
        id: saved.paymentMethodRef,
        behaviour: isSuccess ? 'succeed' : 'decline',
        brand: saved.brand,
        last4: saved.last4,
      });
      return saved;
    },

    async chargeMany(requests: ChargeRequest[]): Promise<ChargeResult[]> {
      if (requests.length === 0) return [];
      const keys = requests.map((request) => request.idempotencyKey);
      const methods = requests.map((request) => request.paymentMethodRef);
      const amounts = requests.map((request) => request.amountCents);
      const ids = requests.map(() => newId('ch'));
      // One statement for the batch; a key charged before keeps its first result (as a provider's idempotency does):
      // it inserts nothing and is read by the second statement, with a key another statement was charging at the
      // same moment (not in this one's snapshot).
      const result = (await db.execute(sql`
        insert into sandbox_charges (id, idempotency_key, payment_method_id, amount_cents, status)
        select w.id, w.idempotency_key, w.payment_method_id, w.amount_cents,
               case when m.behaviour = 'succeed' then 'succeeded' else 'declined' end
        from unnest(${sql.param(ids)}::text[], ${sql.param(keys)}::text[], ${sql.param(methods)}::text[], ${sql.param(amounts)}::integer[])
          as w(id, idempotency_key, payment_method_id, amount_cents)
        left join sandbox_payment_methods m on m.id = w.payment_method_id
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key, status
      `)) as unknown as { rows: { id: string; idempotency_key: string; status: string }[] };
      const byKey = new Map(result.rows.map((row) => [row.idempotency_key, row]));
      const missing = keys.filter((key) => !byKey.has(key));
      if (missing.length > 0) {
        const again = (await db.execute(sql`
          select id, idempotency_key, status from sandbox_charges where idempotency_key = any(${sql.param(missing)}::text[])
        `)) as unknown as { rows: { id: string; idempotency_key: string; status: string }[] };
        for (const row of again.rows) byKey.set(row.idempotency_key, row);
      }
      return keys.map((key): ChargeResult => {
        const row = byKey.get(key);
        if (row?.status === 'succeeded') return { status: 'succeeded', chargeRef: row.id };
        return { status: 'declined', message: MESSAGES.cardDeclined };
      });
    },
  };
}
