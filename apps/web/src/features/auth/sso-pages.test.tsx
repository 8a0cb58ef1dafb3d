// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from './LoginPage';
import { SsoSignInPage } from './SsoSignInPage';

const NO_GOOGLE = { body: { idleLogoutMinutes: 30, isMaintenance: false, googleClientId: null } };
const START = 'POST /auth/sso/start';

describe('single sign-on on the log-in pages', () => {
  it('says a failed single sign-on in one vague sentence', async () => {
    mockApi({ 'GET /app-config': NO_GOOGLE });
    renderWithProviders(<LoginPage />, { route: '/login?sso=failed', path: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ssoFailed);
  });

  it('sends a password sign-in the account refuses (SSO required) to single sign-on, with its address', async () => {
    mockApi({
      'GET /app-config': NO_GOOGLE,
      'POST /auth/sign_in': { status: 403, body: { code: 'SSO_REQUIRED', message: MESSAGES.ssoRequired } },
    });
    const { user, location } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'bob@acme.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location.current).toBe('/login/sso'));
  });

  it('shows the vague answer when no provider covers the address', async () => {
    const api = mockApi({ [START]: { status: 400, body: { code: 'LINK_INVALID', message: MESSAGES.ssoFailed } } });
    const { user } = renderWithProviders(<SsoSignInPage />, {
      route: { pathname: '/login/sso', state: { email: 'bob@acme.test', isRequired: true } },
      path: '/login/sso',
    });
    expect(screen.getByText('Your organisation signs you in with single sign-on.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('bob@acme.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ssoFailed);
    expect(api.sent(START).map((request) => request.body)).toEqual([{ email: 'bob@acme.test' }]);
  });
});
