import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { PaymentGateway } from './payments.js';
import { sandboxGateway } from './sandbox.js';
import { stripeGateway } from './stripe.js';

/** Stripe when STRIPE_SECRET_KEY is set; the built-in sandbox gateway otherwise. */
export function createPaymentGateway(config: Config, db: Db): PaymentGateway {
  if (config.stripe) return stripeGateway(config.stripe);
  return sandboxGateway(db);
}
