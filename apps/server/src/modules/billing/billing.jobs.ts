import {
  CURRENCY,
  formatMoney,
  MESSAGES,
  periodEnd,
  RENEWAL_RETRY_HOURS,
  RENEWAL_RETRY_LIMIT,
  subscriptionTotalCents,
} from '@esign/shared';
import { z } from 'zod';
import type { CardRow } from '../../data/billing.js';
import * as repo from '../../data/billing.js';
import type { ClaimCursor, RenewalInvoice } from '../../data/renewal.js';
import * as renewalRepo from '../../data/renewal.js';
import { findUserById } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob, type JobQueue } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { mailText } from '../../platform/mail/texts.js';
import type { PaymentGateway } from '../../platform/payments/payments.js';
import type { Storage } from '../../platform/storage/storage.js';
import { apiPlanLabel } from './api-plan-label.js';
import { invoiceNumber } from './invoice-number.js';
import { invoiceLines, renderInvoicePdf } from './invoice-pdf.js';

type PlannedOutcome = 'status' | 'chargeRef' | 'failureMessage';
type BatchOutcome = { claimed: number; charged: number; cursor: ClaimCursor | null };

import { planLabel, planOf } from './subscription-info.js';

export interface BillingJobDeps {
  db: Db;
  jobs: JobQueue;
  gateway: PaymentGateway;
  storage: Storage;
  mailer: Mailer;
  appUrl: string;
  seller: string[];
  now: () => Date;
}

/** Every 10 minutes the due subscriptions are renewed (a pg-boss schedule: one run per slot across processes). */
export const RENEWAL_CRON = '*/10 * * * *';
export const RENEWAL_BATCH_SIZE = 2500;
/**
 * The renewals' invoice PDFs wait this long, so that a run's batches are not slowed by making them (the PDFs are
 * CPU work in the same process; a renewal's invoice is not waited for).
 */
const RENEWAL_PDF_DELAY_SECONDS = 10 * 60;
/** How long a claimed batch is held before another run may take it again (a run that died mid-batch). */
const LEASE_MINUTES = 15;

/**
 * The billing jobs: the invoices' PDFs, the renewal of due subscriptions (charged once per subscription and
 * period, in batches, safe beside another run at the same time) and dunning's last mail.
 */
export function billingJobs(deps: BillingJobDeps) {
  const { db } = deps;

  /** Makes and stores the PDF of each paid invoice that has none yet (a rerun skips those done). */
  const invoicePdfs = defineJob({
    name: 'billing.invoice-pdfs',
    payload: z.object({ invoiceIds: z.array(z.string().uuid()).max(RENEWAL_BATCH_SIZE) }),
    expireInSeconds: 30 * 60,
    async handler({ invoiceIds }) {
      for (const row of await repo.findInvoicesByIds(db, invoiceIds)) {
        const { invoice } = row;
        if (invoice.pdfKey || invoice.status !== 'paid') continue;
        const details = (row.billingDetails ?? {}) as Record<string, string | null>;
        const buyer = [
          details.companyName,
          row.name,
          row.email,
          details.address,
          [details.postalCode, details.city].filter(Boolean).join(' '),
          details.country,
          details.vatId ? `VAT: ${details.vatId}` : null,
        ].filter((line): line is string => Boolean(line));
        const bytes = await renderInvoicePdf({
          number: invoiceNumber(invoice),
          issuedAt: invoice.createdAt,
          currency: invoice.currency,
          seller: deps.seller,
          buyer,
          lines: invoiceLines(invoice),
          totalCents: invoice.amountCents,
          chargeRef: invoice.chargeRef,
        });
        const key = `users/${invoice.userId}/invoices/${invoice.id}.pdf`;
        await deps.storage.put(key, Buffer.from(bytes), 'application/pdf');
        await repo.setInvoicePdf(db, invoice.id, key);
      }
    },
  });

  /** Dunning's end: the account is on Free now; its owner is told why. */
  const downgradedMail = defineJob({
    name: 'billing.downgraded-mail',
    payload: z.object({ userId: z.string().uuid(), plan: z.string() }),
    async handler({ userId, plan }) {
      const user = await findUserById(db, userId);
      if (!user) return;
      await deps.mailer.send(
        renderMail({
          to: user.email,
          subject: mailText('billing.downgradedSubject', { plan }),
          greeting: mailText('common.greeting', { name: user.name }),
          paragraphs: [mailText('billing.downgradedBody', { plan, attempts: String(RENEWAL_RETRY_LIMIT) })],
          action: {
            label: mailText('billing.downgradedAction'),
            url: new URL('/settings/billing/plan', deps.appUrl).toString(),
          },
        }),
      );
    },
  });

  /**
   * One batch: claim, make each period's invoice (unique per subscription and period), charge what is not paid
   * yet (the gateway's idempotency key names the period and the attempt), record. Answers how many were claimed.
   */
  async function renewBatch(now: Date, limit: number, after: ClaimCursor | null): Promise<BatchOutcome> {
    const leaseUntil = new Date(now.getTime() + LEASE_MINUTES * 60_000);
    const claimed = await db.transaction((tx) =>
      renewalRepo.claimDueSubscriptions(tx, { now, limit, leaseUntil, after }),
    );
    if (claimed.length === 0) return { claimed: 0, charged: 0, cursor: after };
    const planned = claimed.map(({ subscription, card }) => {
      const discountQuantity = subscription.discountAmountCents > 0 ? subscription.userQuantity : 0;
      const totalCents = subscriptionTotalCents({
        userQuantity: subscription.userQuantity,
        amountCents: subscription.amountCents,
        discountQuantity,
        discountAmountCents: subscription.discountAmountCents,
      });
      const creditUsedCents = Math.min(subscription.creditCents, totalCents);
      const nextStart = subscription.currentPeriodEnd;
      const plan = planOf(subscription);
      const lines: repo.InvoiceLine[] = [
        {
          description: planLabel(plan),
          quantity: subscription.userQuantity,
          unitCents: subscription.amountCents,
          totalCents: subscription.amountCents * subscription.userQuantity,
        },
      ];
      if (discountQuantity > 0) {
        lines.push({
          description: 'Annual discount (20%)',
          quantity: discountQuantity,
          unitCents: -subscription.discountAmountCents,
          totalCents: -subscription.discountAmountCents * discountQuantity,
        });
      }
      if (creditUsedCents > 0) {
        lines.push({ description: 'Credit', quantity: 1, unitCents: -creditUsedCents, totalCents: -creditUsedCents });
      }
      // A standard renewal's one line is its description and amount: not stored (see invoiceLines).
      const isStandard = lines.length === 1 && subscription.userQuantity === 1;
      return {
        subscription,
        card,
        totalCents,
        creditUsedCents,
        nextEnd: periodEnd(nextStart, subscription.planDuration),
        invoice: {
          userId: subscription.userId,
          kind: 'plan' as const,
          chargeKey: `renew:${subscription.id}:${nextStart.toISOString()}`,
          amountCents: totalCents - creditUsedCents,
          description: `${planLabel(plan)}, renewal`,
          lines: isStandard ? null : lines,
        },
      };
    });
    const retryAt = new Date(now.getTime() + RENEWAL_RETRY_HOURS * 3_600_000);
    const { invoices, paidIds, charged } = await chargeRenewals(
      planned.map((entry) => ({ ...entry, id: entry.subscription.id, attempt: entry.subscription.failedAttempts })),
    );
    const renewals: Parameters<typeof renewalRepo.recordRenewals>[1] = [];
    const declines: Parameters<typeof renewalRepo.recordDeclines>[1] = [];
    for (const entry of planned) {
      if (paidIds.has(entry.subscription.id)) {
        renewals.push({
          subscriptionId: entry.subscription.id,
          nextEnd: entry.nextEnd,
          paidCents: entry.totalCents,
          creditUsedCents: entry.creditUsedCents,
        });
      } else declines.push({ subscriptionId: entry.subscription.id, retryAt });
    }
    const exhausted = planned
      .map((entry) => entry.subscription)
      .filter((row) => !paidIds.has(row.id) && row.failedAttempts + 1 >= RENEWAL_RETRY_LIMIT);
    await deps.jobs.transaction(db, async (tx, queue) => {
      await renewalRepo.recordRenewals(tx, renewals);
      await renewalRepo.recordDeclines(tx, declines);
      await renewalRepo.downgradeToFree(
        tx,
        exhausted.map((row) => ({ subscriptionId: row.id, userId: row.userId })),
      );
      for (const row of exhausted) await queue(downgradedMail, { userId: row.userId, plan: planLabel(planOf(row)) });
      const paidInvoices = await renewalRepo.recordRenewalInvoices(tx, invoices);
      if (paidInvoices.length > 0) {
        await queue(invoicePdfs, { invoiceIds: paidInvoices }, { startAfter: RENEWAL_PDF_DELAY_SECONDS });
      }
    });
    return { claimed: claimed.length, charged, cursor: renewalRepo.lastCursor(claimed) };
  }

  /**
   * Charged first, each under its period's key and attempt: a run that died after charging charges again under
   * the same key, and the gateway answers the first charge (no second payment). Answers each period's invoice with
   * its outcome (nothing to charge is paid; no card or a decline is failed), for one transaction to record.
   */
  async function chargeRenewals(
    planned: { id: string; attempt: number; card: CardRow | null; invoice: Omit<RenewalInvoice, PlannedOutcome> }[],
  ): Promise<{ invoices: RenewalInvoice[]; paidIds: Set<string>; charged: number }> {
    const toCharge = planned.filter((entry) => entry.card !== null && entry.invoice.amountCents > 0);
    const results = await deps.gateway.chargeMany(
      toCharge.map((entry) => ({
        customerRef: entry.card?.customerRef ?? '',
        paymentMethodRef: entry.card?.paymentMethodRef ?? '',
        amountCents: entry.invoice.amountCents,
        currency: CURRENCY,
        idempotencyKey: `${entry.invoice.chargeKey}:attempt-${entry.attempt}`,
        description: `${entry.invoice.description} (${formatMoney(entry.invoice.amountCents)})`,
      })),
    );
    const outcomes = new Map(toCharge.map((entry, index) => [entry.id, results[index]]));
    const invoices: RenewalInvoice[] = [];
    const paidIds = new Set<string>();
    for (const entry of planned) {
      const outcome = outcomes.get(entry.id);
      if (entry.invoice.amountCents === 0 || outcome?.status === 'succeeded') {
        const chargeRef = outcome?.status === 'succeeded' ? outcome.chargeRef : null;
        invoices.push({ ...entry.invoice, status: 'paid', chargeRef, failureMessage: null });
        paidIds.add(entry.id);
        continue;
      }
      const message = !entry.card
        ? MESSAGES.cardRequired
        : outcome?.status === 'declined'
          ? outcome.message
          : MESSAGES.cardDeclined;
      invoices.push({ ...entry.invoice, status: 'failed', chargeRef: null, failureMessage: message });
    }
    return { invoices, paidIds, charged: toCharge.length };
  }

  /** One batch of due API plans, renewed as the plans are (same keys, lease, dunning); the last decline ends it. */
  async function renewApiBatch(now: Date, limit: number, after: ClaimCursor | null): Promise<BatchOutcome> {
    const leaseUntil = new Date(now.getTime() + LEASE_MINUTES * 60_000);
    const claimed = await db.transaction((tx) =>
      renewalRepo.claimDueApiSubscriptions(tx, { now, limit, leaseUntil, after }),
    );
    if (claimed.length === 0) return { claimed: 0, charged: 0, cursor: after };
    const planned = claimed.map(({ subscription, card }) => {
      const description = `${apiPlanLabel(subscription.planType, subscription.planDuration)}, renewal`;
      const amountCents = subscription.amountCents;
      return {
        id: subscription.id,
        attempt: subscription.failedAttempts,
        card,
        subscription,
        invoice: {
          userId: subscription.userId,
          kind: 'api' as const,
          chargeKey: `renew-api:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`,
          amountCents,
          description,
          lines: null,
        },
      };
    });
    const { invoices, paidIds, charged } = await chargeRenewals(planned);
    const retryAt = new Date(now.getTime() + RENEWAL_RETRY_HOURS * 3_600_000);
    const failed = planned.filter((entry) => !paidIds.has(entry.id));
    const ended = failed.filter((entry) => entry.attempt + 1 >= RENEWAL_RETRY_LIMIT);
    await deps.jobs.transaction(db, async (tx, queue) => {
      await renewalRepo.recordApiRenewals(tx, {
        renewals: planned
          .filter((entry) => paidIds.has(entry.id))
          .map((entry) => ({
            subscriptionId: entry.id,
            nextEnd: periodEnd(entry.subscription.currentPeriodEnd, entry.subscription.planDuration),
          })),
        declines: failed
          .filter((entry) => !ended.includes(entry))
          .map((entry) => ({ subscriptionId: entry.id, retryAt })),
        ended: ended.map((entry) => entry.id),
      });
      for (const entry of ended) {
        await queue(downgradedMail, {
          userId: entry.subscription.userId,
          plan: apiPlanLabel(entry.subscription.planType, entry.subscription.planDuration),
        });
      }
      const paidInvoices = await renewalRepo.recordRenewalInvoices(tx, invoices);
      if (paidInvoices.length > 0) {
        await queue(invoicePdfs, { invoiceIds: paidInvoices }, { startAfter: RENEWAL_PDF_DELAY_SECONDS });
      }
    });
    return { claimed: claimed.length, charged, cursor: renewalRepo.lastCursor(claimed) };
  }

  /** Renews every subscription (or API plan) due at `now`, batch after batch, until none is left. */
  async function renewAll(
    batchOf: (now: Date, limit: number, after: ClaimCursor | null) => Promise<BatchOutcome>,
    options: { now?: Date; batchSize?: number },
  ) {
    const now = options.now ?? deps.now();
    const totals = { claimed: 0, charged: 0 };
    let cursor: ClaimCursor | null = null;
    for (;;) {
      const batch: BatchOutcome = await batchOf(now, options.batchSize ?? RENEWAL_BATCH_SIZE, cursor);
      cursor = batch.cursor;
      totals.claimed += batch.claimed;
      totals.charged += batch.charged;
      if (batch.claimed === 0) return totals;
    }
  }
  const renewDueSubscriptions = (options: { now?: Date; batchSize?: number } = {}) => renewAll(renewBatch, options);
  const renewDueApiSubscriptions = (options: { now?: Date; batchSize?: number } = {}) =>
    renewAll(renewApiBatch, options);

  const renewDue = defineJob({
    name: 'billing.renew-due',
    payload: z.object({}),
    retryLimit: 2,
    expireInSeconds: 60 * 60,
    async handler() {
      await renewDueSubscriptions();
      await renewDueApiSubscriptions();
    },
  });

  return { invoicePdfs, downgradedMail, renewDue, renewDueSubscriptions, renewDueApiSubscriptions };
}
export type BillingJobs = ReturnType<typeof billingJobs>;
