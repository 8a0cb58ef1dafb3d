import { MESSAGES } from '@esign/shared';
import * as repo from '../../data/billing.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { type ChargeResult, chargeOne, type PaymentGateway } from '../../platform/payments/payments.js';

/**
 * Charges an invoice's amount to the saved card under the invoice's charge key (the gateway's idempotency key).
 * Answers the charge's reference (null for nothing to charge); a declined card marks the invoice failed and throws
 * PAYMENT_FAILED with the gateway's reason; an unreachable gateway throws PAYMENT_PROVIDER_ERROR.
 */
export async function chargeInvoice(
  deps: { db: Db; gateway: PaymentGateway },
  card: repo.CardRow,
  invoice: repo.InvoiceRow,
): Promise<string | null> {
  if (invoice.amountCents <= 0) return null;
  let result: ChargeResult;
  try {
    result = await chargeOne(deps.gateway, {
      customerRef: card.customerRef,
      paymentMethodRef: card.paymentMethodRef,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      idempotencyKey: invoice.chargeKey,
      description: invoice.description,
    });
  } catch {
    throw new AppError('PAYMENT_PROVIDER_ERROR', MESSAGES.paymentProviderFailed);
  }
  if (result.status === 'declined') {
    await repo.settleInvoice(deps.db, invoice.id, { status: 'failed', failureMessage: result.message });
    throw new AppError('PAYMENT_FAILED', result.message);
  }
  return result.chargeRef;
}
