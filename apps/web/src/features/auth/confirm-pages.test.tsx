// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { ConfirmEmailChangePage } from '../settings/ConfirmEmailChangePage';
import { ConfirmEmailPage } from './ConfirmEmailPage';

const CONFIRM = 'POST /auth/confirm_email/confirm';
const CONFIRM_CHANGE = 'POST /auth/email/change/confirm';

describe('ConfirmEmailPage', () => {
  it("confirms on arrival with the link's token, and offers the log-in", async () => {
    const api = mockApi({ [CONFIRM]: { body: { message: MESSAGES.emailConfirmed } } });
    renderWithProviders(<ConfirmEmailPage />, { route: '/confirm_email?emailConfirmationToken=confirm-1' });
    expect(await screen.findByText(MESSAGES.emailConfirmed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(api.sent(CONFIRM).map((request) => request.body)).toEqual([{ token: 'confirm-1' }]);
  });

  it('offers the documents to a user already logged in', async () => {
    localStorage.setItem('esign.accessToken', 'access-1');
    localStorage.setItem('esign.refreshToken', 'refresh-1');
    mockApi({ [CONFIRM]: { body: { message: MESSAGES.emailConfirmed } } });
    renderWithProviders(<ConfirmEmailPage />, { route: '/confirm_email?emailConfirmationToken=confirm-1' });
    expect(await screen.findByRole('link', { name: 'Go to Sign' })).toHaveAttribute('href', '/sign');
  });

  it('says why a link fails, and tries again with Retry', async () => {
    let isSpent = true;
    const api = mockApi({
      [CONFIRM]: () =>
        isSpent
          ? { status: 400, body: { code: 'LINK_INVALID', message: MESSAGES.linkInvalid } }
          : { body: { message: MESSAGES.emailConfirmed } },
    });
    const { user } = renderWithProviders(<ConfirmEmailPage />, {
      route: '/confirm_email?emailConfirmationToken=confirm-1',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid);
    isSpent = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(MESSAGES.emailConfirmed)).toBeInTheDocument();
    expect(api.sent(CONFIRM)).toHaveLength(2);
  });

  it('asks for the link when the page was opened without it', () => {
    const api = mockApi({});
    renderWithProviders(<ConfirmEmailPage />, { route: '/confirm_email' });
    expect(screen.getByText('This page needs the link from the confirmation email.')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});

describe('ConfirmEmailChangePage', () => {
  it("confirms the new address with the link's token and says the server's sentence", async () => {
    const api = mockApi({ [CONFIRM_CHANGE]: { body: { message: MESSAGES.emailChanged } } });
    renderWithProviders(<ConfirmEmailChangePage />, { route: '/confirm_email_change?token=change-1' });
    expect(await screen.findByText(MESSAGES.emailChanged)).toBeInTheDocument();
    expect(api.sent(CONFIRM_CHANGE).map((request) => request.body)).toEqual([{ token: 'change-1' }]);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says a link without its token is invalid, and asks nothing', () => {
    const api = mockApi({});
    renderWithProviders(<ConfirmEmailChangePage />, { route: '/confirm_email_change' });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid);
    expect(api.requests).toEqual([]);
  });

  it("shows the server's refusal and leads a logged-in user back to the settings", async () => {
    localStorage.setItem('esign.accessToken', 'access-1');
    localStorage.setItem('esign.refreshToken', 'refresh-1');
    mockApi({ [CONFIRM_CHANGE]: { status: 409, body: { code: 'CONFLICT', message: MESSAGES.emailTaken } } });
    renderWithProviders(<ConfirmEmailChangePage />, { route: '/confirm_email_change?token=change-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailTaken);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/profile');
  });
});
