// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { IdentityCheck } from './IdentityCheck';

const BASE = '/document_sign/signers/signer-1/document/doc-1/identity';

describe('IdentityCheck (issue 38)', () => {
  it('sends the first code by itself, takes six digits with one-time-code autofill, and opens on the right one', async () => {
    sessionStorage.clear();
    let verified = false;
    let wrongOnce = true;
    const api = mockApi({
      [`GET ${BASE}`]: () => ({
        body: { language: null, checks: [{ channel: 'sms', to: '+33 ••• •• 12', verified }] },
      }),
      [`POST ${BASE}/send`]: { body: { success: true, to: '+33 ••• •• 12' } },
      [`POST ${BASE}/check`]: () => {
        if (wrongOnce) {
          wrongOnce = false;
          return { status: 403, body: { code: 'FORBIDDEN', message: 'This code cannot be accepted.' } };
        }
        verified = true;
        return { body: { success: true } };
      },
    });
    const onVerified = vi.fn();
    const { user } = renderWithProviders(
      <IdentityCheck documentId="doc-1" signerId="signer-1" onVerified={onVerified} />,
    );
    expect(
      await screen.findByText('We sent a 6-digit code by SMS to +33 ••• •• 12. Enter it to open the document.'),
    ).toBeTruthy();
    await waitFor(() => expect(api.requests.filter((request) => request.path.endsWith('/send'))).toHaveLength(1));
    const input = screen.getByRole('textbox', { name: '6-digit code' });
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    await user.type(input, '12a3456789');
    expect((input as HTMLInputElement).value).toBe('123456');

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This code cannot be accepted. Check it, or ask for a new code.')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(api.requests.filter((request) => request.path.endsWith('/send'))).toHaveLength(2);

    await user.clear(screen.getByRole('textbox', { name: '6-digit code' }));
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(api.requests.filter((request) => request.path.endsWith('/check')).map((request) => request.body)).toEqual([
      { channel: 'sms', code: '123456' },
      { channel: 'sms', code: '654321' },
    ]);
  });
});
