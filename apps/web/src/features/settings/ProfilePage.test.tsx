// @vitest-environment happy-dom
import { MESSAGES, NOTIFICATION_FLAGS, type User } from '@esign/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { ProfilePage } from './ProfilePage';

const SAVE = 'PATCH /user/profile';

const ADA: User = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarUrl: null,
  timezone: null,
  dateFormat: 'MM/DD/YYYY',
  plan: { type: 'free', duration: 'monthly' },
  teamId: null,
  role: null,
  twoFactorType: null,
  phoneNumber: null,
  isTwillio2fa: false,
  isGoogle2fa: false,
  freeDocumentsUsed: 0,
  freeDocumentsUsedLimit: 3,
  isBusinessAccount: false,
  templateLimit: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...(Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, true])) as Record<
    (typeof NOTIFICATION_FLAGS)[number],
    boolean
  >),
};

beforeEach(() => {
  localStorage.setItem('esign.accessToken', 'access-1');
  localStorage.setItem('esign.refreshToken', 'refresh-1');
});

/** The page for ADA; PATCH answers the user with the body applied, as the server does. */
function renderProfile(user: User = ADA) {
  const api = mockApi({
    'GET /user': { body: user },
    [SAVE]: (request) => ({ body: { ...user, ...(request.body as Partial<User>) } }),
  });
  return { api, ...renderWithProviders(<ProfilePage />) };
}

// The page is large: its controls are found by label and text, as role queries over the whole page are slow.
const saveButton = async () => (await screen.findByText('Save')).closest('button') as HTMLButtonElement;

describe('ProfilePage', () => {
  it('keeps Save off until something changes', async () => {
    const { user } = renderProfile();
    const save = await saveButton();
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Full name'), 'X');
    expect(save).toBeEnabled();
  });

  it('saves a time zone chosen by its name, without the empty password fields', async () => {
    const { api, user } = renderProfile();
    const zone = await screen.findByLabelText('Time zone', { selector: 'input' });
    expect(zone).toHaveValue("Your device's time zone");
    await user.click(zone);
    await user.clear(zone);
    await user.paste('Tokyo');
    await user.click(await screen.findByText('Tokyo (UTC+09:00)'));
    await user.click(await saveButton());

    await waitFor(() => expect(api.sent(SAVE)).toHaveLength(1));
    const [body] = api.sent(SAVE).map((request) => request.body as Record<string, unknown>);
    expect(body).toMatchObject({ name: 'Ada Lovelace', dateFormat: 'MM/DD/YYYY', timezone: 'Asia/Tokyo' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('passwordConfirmation');
    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument();
  });

  it('sends the notification switches as they are set', async () => {
    const { api, user } = renderProfile();
    const daily = await screen.findByLabelText('A daily report of my signature requests');
    const opened = screen.getByLabelText('When a signer opens my document');
    expect(daily).toBeChecked();
    await user.click(daily);
    await user.click(opened);
    expect(daily).not.toBeChecked();
    await user.click(await saveButton());
    await waitFor(() => expect(api.sent(SAVE)).toHaveLength(1));
    expect(api.sent(SAVE)[0]?.body).toMatchObject({
      isReceivingSignatureRequestsDailyReport: false,
      isReceivingOpenedSigning: false,
      isReceivingReminders: true,
      isReceivingSignerSigned: true,
    });
  });

  it('says when the repeated password differs, and sends nothing', async () => {
    const { api, user } = renderProfile();
    // Pasted, not typed key by key: the whole form validates on each change.
    const enter = async (label: string, text: string) => {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await screen.findByLabelText('New password');
    await enter('New password', 'Secret123!');
    await enter('Repeat password', 'Secret124!');
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(await saveButton()).toBeDisabled();
    await enter('Repeat password', 'Secret123!');
    await waitFor(() => expect(screen.queryByText(MESSAGES.passwordMismatch)).toBeNull());
    expect(api.sent(SAVE)).toEqual([]);
    await user.click(await saveButton());
    await waitFor(() => expect(api.sent(SAVE)).toHaveLength(1));
    expect(api.sent(SAVE)[0]?.body).toMatchObject({ password: 'Secret123!', passwordConfirmation: 'Secret123!' });
  });

  it('shows a saved zone the browser lists under another name by its own name, and the device choice saves null', async () => {
    // Node and Chromium list Asia/Calcutta only: the saved Asia/Kolkata is then offered on its own, at the top.
    const { api, user } = renderProfile({ ...ADA, timezone: 'Asia/Kolkata' });
    const zone = await screen.findByLabelText('Time zone', { selector: 'input' });
    expect(zone).toHaveValue('Kolkata (UTC+05:30)');
    // Searched (pasted: one change), so that the list shows one option rather than every zone.
    await user.click(zone);
    await user.clear(zone);
    await user.paste('device');
    await user.click(
      await screen.findByText("Your device's time zone", { selector: '[role="option"], [role="option"] *' }),
    );
    await user.click(await saveButton());
    await waitFor(() => expect(api.sent(SAVE)).toHaveLength(1));
    expect(api.sent(SAVE)[0]?.body).toMatchObject({ timezone: null });
  });

  it('links to the second factors on the Security page', async () => {
    renderProfile();
    expect(await screen.findByRole('link', { name: 'Set up SMS or Google Authenticator' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
  });
});
