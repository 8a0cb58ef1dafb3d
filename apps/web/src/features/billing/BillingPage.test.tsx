// @vitest-environment happy-dom
import { MESSAGES, type SubscriptionInfo } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { watchUnhandledRejections } from '../../test/rejections';
import { renderWithProviders } from '../../test/render';
import { BillingPage } from './BillingPage';

const CANCEL = 'POST /subscriptions/cancel';

const FREE: SubscriptionInfo = {
  plan: { type: 'free', duration: 'monthly' },
  status: 'active',
  userQuantity: 1,
  amount: '0.00',
  discountQuantity: 0,
  discountAmount: '0.00',
  addOns: [],
  discounts: [],
  nextBillingDate: null,
  total: '0.00',
  credit: '0.00',
  isLifetime: false,
  hasPaymentSurveyAnswer: false,
  billingDetails: null,
};

const BUSINESS: SubscriptionInfo = {
  ...FREE,
  plan: { type: 'business', duration: 'monthly' },
  userQuantity: 3,
  amount: '20.00',
  discounts: [{ amount: '4.00', quantity: 1 }],
  total: '56.00',
  nextBillingDate: 'December 20, 2026',
};

const CARD = { cardType: 'visa', last4: '4242', expirationDate: '12/28', cardholderName: 'Ada Lovelace' };

beforeEach(() => {
  localStorage.setItem('esign.accessToken', 'access-1');
  localStorage.setItem('esign.refreshToken', 'refresh-1');
});

/** The page with the card and the subscription given; `subscription` may be a function (read again after a change). */
function renderBilling(
  subscription: SubscriptionInfo | (() => SubscriptionInfo),
  card: unknown = CARD,
  cancelled: { status?: number; body: unknown } = { body: { message: 'ok', subscription: FREE } },
) {
  const api = mockApi({
    'GET /credit-card': { body: card },
    'GET /subscriptions': () => ({ body: typeof subscription === 'function' ? subscription() : subscription }),
    'GET /plans': { body: { current: FREE.plan, isAppSumo: false, appSumoCodes: 0, plans: [] } },
    'GET /invoices': { body: [] },
    'GET /user': { body: { id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' } },
    [CANCEL]: cancelled,
  });
  return { api, ...renderWithProviders(<BillingPage />) };
}

describe('BillingPage', () => {
  it('shows the saved card and the current plan with its lines, total and next billing date', async () => {
    renderBilling(BUSINESS);
    expect(await screen.findByText('VISA ending in 4242')).toBeInTheDocument();
    expect(screen.getByText('Expires 12/28 · Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update card' })).toBeInTheDocument();
    expect(screen.getByTestId('current-plan-name')).toHaveTextContent('Business · Monthly');
    expect(screen.getByText('Amount: $20.00 × 3')).toBeInTheDocument();
    expect(screen.getByText('Discount (20%): -$4.00 × 1')).toBeInTheDocument();
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('Total: $56.00/mo');
    expect(screen.getByText('Next billing date: December 20, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/settings/billing/plan');
  });

  it('says no card is saved, and keeps Cancel subscription off on Free', async () => {
    renderBilling(FREE, null);
    expect(await screen.findByText('No card is saved yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add card' })).toBeInTheDocument();
    expect(screen.getByTestId('current-plan-name')).toHaveTextContent(/^Free$/);
    expect(screen.queryByTestId('subscription-total')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  });

  it('warns when the last payment was declined', async () => {
    renderBilling({ ...BUSINESS, status: 'past_due' });
    expect(
      await screen.findByText('Your last payment was declined. We will try again; please check your card.'),
    ).toBeInTheDocument();
  });

  it('cancels the subscription only after the confirmation, then shows the Free plan', async () => {
    let current = BUSINESS;
    const { api, user } = renderBilling(() => current);
    await screen.findByTestId('current-plan-name');
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(dialog).toHaveTextContent('Your account moves to the Free plan now');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent(CANCEL)).toEqual([]);

    api.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    // The server moves the account to Free; the page reads the subscription again.
    current = FREE;
    await user.click(within(again).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(MESSAGES.subscriptionRemoved)).toBeInTheDocument();
    expect(api.sent(CANCEL)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('current-plan-name')).toHaveTextContent(/^Free$/));
    expect(api.sent('GET /subscriptions').length).toBeGreaterThan(0);
  });

  it('keeps the confirmation open with the error shown when the cancellation fails, and lets no error go unhandled', async () => {
    // The cause: the confirm handler awaited the mutation without a catch, so a refused cancellation was an unhandled
    // rejection (the mutation cache had shown its toast already).
    const rejections = watchUnhandledRejections();
    const { user } = renderBilling(BUSINESS, CARD, {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: MESSAGES.somethingWentWrong },
    });
    await screen.findByTestId('current-plan-name');
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    await rejections.settled();
    expect(rejections.reasons).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.subscriptionRemoved)).toBeNull();
  });

  it('hides Upgrade Plan and Cancel subscription for a lifetime deal', async () => {
    renderBilling({ ...BUSINESS, isLifetime: true });
    await screen.findByTestId('current-plan-name');
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});
