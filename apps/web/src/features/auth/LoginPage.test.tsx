// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from './LoginPage';

const NO_GOOGLE = { body: { idleLogoutMinutes: 30, isMaintenance: false, googleClientId: null } };
const SIGN_IN = 'POST /auth/sign_in';
// The user a sign-in answers: only what the page reads matters here (the server checks the whole answer).
const USER = { id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' };

async function fillAndSend(user: ReturnType<typeof renderWithProviders>['user'], email: string, password: string) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('sends the e-mail and password, keeps the session and opens the documents', async () => {
    const api = mockApi({
      'GET /app-config': NO_GOOGLE,
      [SIGN_IN]: { body: { type: 'authorized', accessToken: 'access-1', refreshToken: 'refresh-1', user: USER } },
    });
    const { user, location } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    await fillAndSend(user, 'ada@example.com', 'secret1');
    await waitFor(() => expect(location.current).toBe('/sign'));
    expect(api.sent(SIGN_IN).map((request) => request.body)).toEqual([
      { email: 'ada@example.com', password: 'secret1' },
    ]);
    expect(localStorage.getItem('esign.accessToken')).toBe('access-1');
    expect(localStorage.getItem('esign.refreshToken')).toBe('refresh-1');
  });

  it('keeps Log in off until both fields are valid, and says why on a field left wrong', async () => {
    const api = mockApi({ 'GET /app-config': NO_GOOGLE });
    const { user } = renderWithProviders(<LoginPage />);
    const submit = screen.getByRole('button', { name: 'Log in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@');
    await user.tab();
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(api.sent(SIGN_IN)).toEqual([]);
  });

  it('shows a refused log-in on the form, not as a toast, and stays', async () => {
    mockApi({
      'GET /app-config': NO_GOOGLE,
      [SIGN_IN]: { status: 401, body: { code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials } },
    });
    const { user, location } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    await fillAndSend(user, 'ada@example.com', 'wrong-password1');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(screen.getAllByText(MESSAGES.invalidCredentials)).toHaveLength(1);
    expect(location.current).toBe('/login');
    expect(localStorage.getItem('esign.accessToken')).toBeNull();
  });

  it('offers the confirmation mail again to a user whose e-mail is not confirmed', async () => {
    mockApi({ 'GET /app-config': NO_GOOGLE, [SIGN_IN]: { body: { type: 'email_not_confirmed' } } });
    const { user, location } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    await fillAndSend(user, 'ada@example.com', 'secret1');
    expect(await screen.findByText('Your email is not confirmed')).toBeInTheDocument();
    expect(location.current).toBe('/login');
  });

  it('goes on to the second step when the account asks for it', async () => {
    mockApi({
      'GET /app-config': NO_GOOGLE,
      [SIGN_IN]: { body: { type: 'two_factor', twoFactorToken: 'step-1', twoFactorType: 'google' } },
    });
    const { user, location } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    await fillAndSend(user, 'ada@example.com', 'secret1');
    await waitFor(() => expect(location.current).toBe('/two-factor'));
    expect(localStorage.getItem('esign.accessToken')).toBeNull();
  });

  it('links to the password reset and to sign-up', () => {
    mockApi({ 'GET /app-config': NO_GOOGLE });
    renderWithProviders(<LoginPage />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});
