// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import type { TwoFactorStep } from './sign-in-answer';
import { TwoFactorPage } from './TwoFactorPage';

// The browser's WebAuthn dialog, answered as an authenticator would (its refusal rejects with a DOMException).
const webAuthn = vi.hoisted(() => ({ answer: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: webAuthn.answer,
}));

const SMS = 'POST /auth/sign_in/twillio';
const AUTHENTICATOR = 'POST /auth/sign_in/google_authenticator';
const AUTHORIZED = {
  body: { type: 'authorized', accessToken: 'access-2', refreshToken: 'refresh-2', user: { id: 'user-1' } },
};

function renderStep(state: TwoFactorStep | null) {
  return renderWithProviders(<TwoFactorPage />, {
    route: { pathname: '/two-factor', state },
    path: '/two-factor',
  });
}

describe('TwoFactorPage', () => {
  it('sends a log-in back when it was opened without the first step', () => {
    renderStep(null);
    expect(screen.getByText(/follows your e-mail and password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('takes six texted digits, sends them as a number with the step, and logs in', async () => {
    const api = mockApi({ [SMS]: AUTHORIZED });
    const { user, location } = renderStep({ twoFactorToken: 'step-1', twoFactorType: 'twillio', phoneHint: '42' });
    expect(screen.getByText(/ending in 42/)).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Code from the text message' });
    const verify = screen.getByRole('button', { name: 'Verify and log in' });
    await user.type(code, '12345');
    expect(verify).toBeDisabled();
    await user.type(code, 'x');
    expect(verify).toBeDisabled();
    await user.clear(code);
    await user.type(code, '012345');
    await user.click(verify);
    await waitFor(() => expect(location.current).toBe('/sign'));
    expect(api.sent(SMS).map((request) => request.body)).toEqual([{ twoFactorToken: 'step-1', code: 12345 }]);
    expect(localStorage.getItem('esign.accessToken')).toBe('access-2');
  });

  it("takes an authenticator's code or a backup code as typed", async () => {
    const api = mockApi({ [AUTHENTICATOR]: AUTHORIZED });
    const { user, location } = renderStep({ twoFactorToken: 'step-2', twoFactorType: 'google' });
    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    expect(code).toHaveAccessibleDescription('Lost your phone? Enter one of your backup codes instead.');
    await user.type(code, ' abcd-efgh ');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(location.current).toBe('/sign'));
    expect(api.sent(AUTHENTICATOR).map((request) => request.body)).toEqual([
      { twoFactorToken: 'step-2', code: 'abcd-efgh' },
    ]);
  });

  it('shows a wrong code on the page and lets the user try again', async () => {
    mockApi({
      [AUTHENTICATOR]: { status: 401, body: { code: 'UNAUTHORIZED', message: MESSAGES.twoFactorCodeInvalid } },
    });
    const { user, location } = renderStep({ twoFactorToken: 'step-2', twoFactorType: 'google' });
    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.twoFactorCodeInvalid);
    expect(code).toBeEnabled();
    expect(location.current).toBe('/two-factor');
  });

  it('ends the step when it is spent: the user logs in again', async () => {
    mockApi({ [AUTHENTICATOR]: { status: 400, body: { code: 'LINK_INVALID', message: MESSAGES.linkInvalid } } });
    const { user } = renderStep({ twoFactorToken: 'step-2', twoFactorType: 'google' });
    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid);
    expect(code).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify and log in' })).toBeDisabled();
  });

  it('offers a passkey when the user has one: its answer to the step’s challenge logs in', async () => {
    const credential = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', clientExtensionResults: {}, response: {} };
    webAuthn.answer.mockRejectedValueOnce(new DOMException('cancelled', 'NotAllowedError'));
    webAuthn.answer.mockResolvedValueOnce(credential);
    const api = mockApi({
      'POST /auth/sign_in/passkey/options': { body: { challengeToken: 'challenge-1', options: { challenge: 'abc' } } },
      'POST /auth/sign_in/passkey': AUTHORIZED,
    });
    const { user, location } = renderStep({ twoFactorToken: 'step-3', twoFactorType: 'google', hasPasskey: true });
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passkeyInvalid);
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(location.current).toBe('/sign'));
    expect(webAuthn.answer).toHaveBeenLastCalledWith({ optionsJSON: { challenge: 'abc' } });
    expect(api.sent('POST /auth/sign_in/passkey/options').map((request) => request.body)).toEqual([
      { twoFactorToken: 'step-3' },
      { twoFactorToken: 'step-3' },
    ]);
    expect(api.sent('POST /auth/sign_in/passkey').map((request) => request.body)).toEqual([
      { twoFactorToken: 'step-3', challengeToken: 'challenge-1', credential },
    ]);
  });

  it('offers no passkey to a user without one', () => {
    renderStep({ twoFactorToken: 'step-4', twoFactorType: 'google' });
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});
