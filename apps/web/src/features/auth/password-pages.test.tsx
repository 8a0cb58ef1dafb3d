// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { ChangePasswordPage } from './ChangePasswordPage';
import { ResetPage } from './ResetPage';
import { SignUpPage } from './SignUpPage';

const NO_GOOGLE = { body: { idleLogoutMinutes: 30, isMaintenance: false, googleClientId: null } };
const CHANGE = 'POST /auth/change_password/change';

describe('ResetPage', () => {
  it('sends the address and answers the same vague sentence', async () => {
    const api = mockApi({ 'POST /auth/change_password/send_mail': { body: { message: MESSAGES.passwordResetSent } } });
    const { user } = renderWithProviders(<ResetPage />);
    const send = screen.getByRole('button', { name: 'Send reset link' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(send);
    expect(await screen.findByRole('heading', { name: MESSAGES.checkInbox })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordResetSent)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(api.sent('POST /auth/change_password/send_mail').map((request) => request.body)).toEqual([
      { email: 'ada@example.com' },
    ]);
  });
});

describe('ChangePasswordPage', () => {
  const route = '/change_password?passwordResetToken=reset-token-1';

  it('asks for a new link when the page was opened without one', () => {
    renderWithProviders(<ChangePasswordPage />, { route: '/change_password' });
    expect(screen.getByText(/needs the link from the password reset email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset');
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });

  it("says when the confirmation does not match, and sends the link's token with the new password", async () => {
    const api = mockApi({ [CHANGE]: { body: { message: MESSAGES.passwordChanged } } });
    const { user } = renderWithProviders(<ChangePasswordPage />, { route });
    const password = screen.getByLabelText('Password');
    const confirmation = screen.getByLabelText('Confirm password');
    await user.type(password, 'newsecret2');
    await user.type(confirmation, 'newsecret3');
    await user.tab();
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();

    await user.clear(confirmation);
    await user.type(confirmation, 'newsecret2');
    await waitFor(() => expect(screen.queryByText(MESSAGES.passwordMismatch)).toBeNull());
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.passwordChanged);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(api.sent(CHANGE).map((request) => request.body)).toEqual([
      { password: 'newsecret2', passwordConfirmation: 'newsecret2', token: 'reset-token-1' },
    ]);
  });

  it('checks the confirmation again as the password changes, once the confirmation was left', async () => {
    mockApi({});
    const { user } = renderWithProviders(<ChangePasswordPage />, { route });
    const password = screen.getByLabelText('Password');
    await user.type(password, 'newsecret2');
    // Untouched, the confirmation says nothing yet.
    expect(screen.queryByText(MESSAGES.passwordMismatch)).toBeNull();
    await user.type(screen.getByLabelText('Confirm password'), 'newsecret2');
    await user.tab();
    await user.type(password, '9');
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
  });

  it('offers a new link when the link has expired or was used', async () => {
    mockApi({ [CHANGE]: { status: 400, body: { code: 'LINK_INVALID', message: MESSAGES.linkInvalid } } });
    const { user } = renderWithProviders(<ChangePasswordPage />, { route });
    await user.type(screen.getByLabelText('Password'), 'newsecret2');
    await user.type(screen.getByLabelText('Confirm password'), 'newsecret2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('SignUpPage', () => {
  it('is filled from the link, and sends the trimmed name and the account to create', async () => {
    const api = mockApi({ 'GET /app-config': NO_GOOGLE, 'POST /auth/sign_up': { body: { email: 'ada@example.com' } } });
    const { user, location } = renderWithProviders(<SignUpPage />, {
      route: '/signup?name=Ada&email=ada%40example.com',
      path: '/signup',
    });
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    await user.type(name, ' Lovelace  ');
    await user.tab();
    expect(name).toHaveValue('Ada Lovelace');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(location.current).toBe('/confirm-account'));
    expect(api.sent('POST /auth/sign_up').map((request) => request.body)).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' },
    ]);
  });

  it("shows the password's rules, and the server's refusal on its field", async () => {
    mockApi({
      'GET /app-config': NO_GOOGLE,
      'POST /auth/sign_up': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          errors: [{ property: 'email', constraints: { taken: MESSAGES.emailTaken }, children: [] }],
        },
      },
    });
    const { user } = renderWithProviders(<SignUpPage />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret');
    await user.tab();
    expect(await screen.findByText(MESSAGES.passwordDigit)).toBeInTheDocument();
    await user.type(password, '1');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(MESSAGES.emailTaken)).toBeInTheDocument();
  });
});
