/**
 * The one payments interface. Two drivers: the built-in sandbox gateway (the embedded default, its own tables in
 * the application's database) and Stripe (`STRIPE_SECRET_KEY`). A card's number and CVV are handed to the driver
 * and go nowhere else: what comes back and is kept is the brand, the last four digits, the expiry and references.
 */
export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  cardholderName: string;
  postalCode: string;
}

export interface SavedCard {
  customerRef: string;
  paymentMethodRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeRequest {
  customerRef: string;
  paymentMethodRef: string;
  amountCents: number;
  currency: string;
  /** The same key charges once, however often it is sent (a retry after a crash answers the first result). */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult = { status: 'succeeded'; chargeRef: string } | { status: 'declined'; message: string };

/** A card the gateway refused to save: the message is the gateway's reason ('Your card was declined.'). */
export class CardRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardRefusedError';
  }
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** Saves a card for the customer (made when `customerRef` is null); throws CardRefusedError when refused. */
  saveCard(input: { customerRef: string | null; email: string; card: CardDetails }): Promise<SavedCard>;
  /** Charges each request once by its idempotency key; answers the results in the same order. */
  chargeMany(requests: ChargeRequest[]): Promise<ChargeResult[]>;
}

export async function chargeOne(gateway: PaymentGateway, request: ChargeRequest): Promise<ChargeResult> {
  const [result] = await gateway.chargeMany([request]);
  if (!result) throw new Error('the payment gateway answered no result');
  return result;
}

/** The brand of a card number by its first digits (what the sandbox reports; Stripe reports its own). */
export function cardBrand(number: string): string {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}
