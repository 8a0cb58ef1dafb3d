import Stripe from 'stripe';
import {
  type CardDetails,
  CardRefusedError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type SavedCard,
} from './payments.js';

/** At most this many charges of a renewal batch are in flight at once (Stripe's rate limits are per second). */
const CHARGE_CONCURRENCY = 8;

/**
 * Stripe (`STRIPE_SECRET_KEY`) through its official package. A card becomes a PaymentMethod attached to the
 * account's Customer; a charge is a confirmed off-session PaymentIntent sent with the charge's idempotency key, so a
 * retried renewal is one payment at Stripe too. `apiUrl` points the client at another host (tests use a local peer
 * that speaks Stripe's form-encoded REST protocol).
 */
export function stripeGateway(options: { secretKey: string; apiUrl: string | undefined }): PaymentGateway {
  const url = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url
      ? { host: url.hostname, port: url.port || undefined, protocol: url.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });

  const isCardError = (error: unknown): error is Stripe.errors.StripeCardError =>
    error instanceof Stripe.errors.StripeCardError;

  async function charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer: request.customerRef,
          payment_method: request.paymentMethodRef,
          off_session: true,
          confirm: true,
          description: request.description,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status === 'succeeded') return { status: 'succeeded', chargeRef: intent.id };
      return { status: 'declined', message: intent.last_payment_error?.message ?? 'The payment was not completed.' };
    } catch (error) {
      if (isCardError(error)) return { status: 'declined', message: error.message };
      throw error;
    }
  }

  return {
    name: 'stripe',

    async saveCard(input: { customerRef: string | null; email: string; card: CardDetails }): Promise<SavedCard> {
      try {
        const customerRef = input.customerRef ?? (await stripe.customers.create({ email: input.email })).id;
        const method = await stripe.paymentMethods.create({
          type: 'card',
          card: {
            number: input.card.number,
            exp_month: input.card.expMonth,
            exp_year: input.card.expYear,
            cvc: input.card.cvv,
          },
          billing_details: { name: input.card.cardholderName, address: { postal_code: input.card.postalCode } },
        });
        await stripe.paymentMethods.attach(method.id, { customer: customerRef });
        return {
          customerRef,
          paymentMethodRef: method.id,
          brand: method.card?.brand ?? 'unknown',
          last4: method.card?.last4 ?? input.card.number.slice(-4),
          expMonth: method.card?.exp_month ?? input.card.expMonth,
          expYear: method.card?.exp_year ?? input.card.expYear,
        };
      } catch (error) {
        if (isCardError(error)) throw new CardRefusedError(error.message);
        throw error;
      }
    },

    async chargeMany(requests: ChargeRequest[]): Promise<ChargeResult[]> {
      const results: ChargeResult[] = new Array(requests.length);
      let next = 0;
      const worker = async () => {
        while (next < requests.length) {
          const index = next++;
          const request = requests[index];
          if (request) results[index] = await charge(request);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CHARGE_CONCURRENCY, requests.length) }, worker));
      return results;
    },
  };
}
