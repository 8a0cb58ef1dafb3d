// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { EmailField } from './EmailField';

const CHANGE = 'POST /auth/email/change';

describe('EmailField', () => {
  it('offers Update Email only for another valid address, and mails the link after the modal', async () => {
    const api = mockApi({ [CHANGE]: { body: { message: MESSAGES.checkNewEmail } } });
    const { user } = renderWithProviders(<EmailField currentEmail="ada@example.com" isDisabled={false} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    const update = screen.getByRole('button', { name: 'Update Email' });
    expect(email).toHaveValue('ada@example.com');
    expect(update).toBeDisabled();

    await user.clear(email);
    await user.type(email, 'ADA@example.com');
    // The same address in other letters is no change.
    expect(update).toBeDisabled();
    await user.clear(email);
    await user.type(email, 'ada@new');
    expect(update).toBeDisabled();
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    await user.type(email, '.example.com');
    await waitFor(() => expect(update).toBeEnabled());

    await user.click(update);
    const dialog = await screen.findByRole('dialog', { name: 'Update your email' });
    expect(dialog).toHaveTextContent('We will send a confirmation link to ada@new.example.com.');
    expect(api.sent(CHANGE)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(MESSAGES.checkNewEmail)).toBeInTheDocument();
    expect(api.sent(CHANGE).map((request) => request.body)).toEqual([{ email: 'ada@new.example.com' }]);
    // The address stays the current one until the link is opened.
    await waitFor(() => expect(email).toHaveValue('ada@example.com'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing when the modal is cancelled', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<EmailField currentEmail="ada@example.com" isDisabled={false} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it("is fixed for a team's owner and admins, and says why", () => {
    renderWithProviders(<EmailField currentEmail="ada@example.com" isDisabled />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription(MESSAGES.emailChangeNotForRole);
    expect(screen.getByRole('button', { name: 'Update Email' })).toBeDisabled();
  });
});
