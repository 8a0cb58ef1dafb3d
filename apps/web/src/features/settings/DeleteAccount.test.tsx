// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { DeleteAccount } from './DeleteAccount';

const DELETE = 'DELETE /user';

describe('DeleteAccount', () => {
  it('deletes the account only at the third step, ends the session and goes to the log-in page', async () => {
    localStorage.setItem('esign.accessToken', 'access-1');
    localStorage.setItem('esign.refreshToken', 'refresh-1');
    const api = mockApi({ [DELETE]: { status: 204 } });
    const { user, location } = renderWithProviders(<DeleteAccount />, { route: '/settings/profile' });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));

    const first = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(first).getByRole('button', { name: 'Next' }));
    const second = screen.getByRole('dialog', { name: 'Your data will be erased' });
    await user.click(within(second).getByRole('button', { name: 'Next' }));
    const last = screen.getByRole('dialog', { name: 'Delete your account for good' });
    expect(api.sent(DELETE)).toEqual([]);

    await user.click(within(last).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location.current).toBe('/login'));
    expect(api.sent(DELETE)).toHaveLength(1);
    expect(await screen.findByText(MESSAGES.accountDeleted)).toBeInTheDocument();
    expect(localStorage.getItem('esign.accessToken')).toBeNull();
    expect(localStorage.getItem('esign.refreshToken')).toBeNull();
  });

  it('closes at any step with Cancel, and deletes nothing', async () => {
    const api = mockApi({});
    const { user, location } = renderWithProviders(<DeleteAccount />, { route: '/settings/profile' });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Your data will be erased' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opened again, it starts from the first step.
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(api.requests).toEqual([]);
    expect(location.current).toBe('/settings/profile');
  });
});
