// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { watchUnhandledRejections } from '../../../test/rejections';
import { renderWithProviders } from '../../../test/render';
import { SecurityPage } from './SecurityPage';

const SEND_CODE = 'POST /user/generate_twillio_code';
const VERIFY_PHONE = 'POST /user/verify_phone';
const DISABLE_SMS = 'POST /user/disable_twillio';
const ENABLE_APP = 'POST /user/enable_google_authenticator';
const VERIFY_APP = 'POST /user/verify_google_code';
const DISABLE_APP = 'POST /user/disable_google_authenticator';

/** GET /user with the factors given (only what the page reads). */
const account = (values: Record<string, unknown> = {}) => ({
  body: {
    id: 'user-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    phoneNumber: null,
    isTwillio2fa: false,
    isGoogle2fa: false,
    ...values,
  },
});

beforeEach(() => {
  localStorage.setItem('esign.accessToken', 'access-1');
  localStorage.setItem('esign.refreshToken', 'refresh-1');
});

const card = (title: string) =>
  screen.getByRole('heading', { level: 3, name: title }).closest('.mantine-Card-root') as HTMLElement;

describe('SecurityPage', () => {
  it('texts a code to the country code and number joined, and turns SMS on with that code as a number', async () => {
    let isOn = false;
    const api = mockApi({
      'GET /user': () => account({ isTwillio2fa: isOn, phoneNumber: isOn ? '+445551234567' : null }),
      [SEND_CODE]: { body: { message: 'sent' } },
      [VERIFY_PHONE]: () => {
        isOn = true;
        return { body: { message: 'ok' } };
      },
    });
    const { user } = renderWithProviders(<SecurityPage />);
    await screen.findByRole('heading', { name: 'SMS' });
    const sms = card('SMS');
    expect(sms).toHaveTextContent('SMS may incur carrier fees.');
    const code = within(sms).getByRole('textbox', { name: 'Country code' });
    await user.clear(code);
    await user.type(code, '+44');
    await user.click(within(sms).getByRole('textbox', { name: 'Phone number' }));
    await user.paste('555 123-4567');
    await user.click(within(sms).getByRole('button', { name: 'Send code' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enter the code' });
    expect(dialog).toHaveTextContent('We have texted a six-digit code to +445551234567.');
    expect(api.sent(SEND_CODE).map((request) => [request.query.get('scope'), request.body])).toEqual([
      ['verify', { phone: '+445551234567' }],
    ]);
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    const field = within(dialog).getByRole('textbox', { name: 'Code' });
    // Only digits are taken, and Verify waits for six of them.
    await user.type(field, '12a3');
    expect(field).toHaveValue('123');
    expect(verify).toBeDisabled();
    await user.type(field, '456');
    await user.click(verify);

    expect(await screen.findByText(MESSAGES.phoneVerified)).toBeInTheDocument();
    expect(api.sent(VERIFY_PHONE).map((request) => request.body)).toEqual([{ phone: '+445551234567', code: 123456 }]);
    expect(await screen.findByText('On: codes are texted to +445551234567.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what is wrong with the number and sends nothing', async () => {
    const api = mockApi({ 'GET /user': account() });
    const { user } = renderWithProviders(<SecurityPage />);
    await screen.findByRole('heading', { name: 'SMS' });
    const sms = card('SMS');
    const number = within(sms).getByRole('textbox', { name: 'Phone number' });
    await user.type(number, '12');
    await user.tab();
    expect(await within(sms).findByText(MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(within(sms).getByRole('button', { name: 'Send code' })).toBeDisabled();
    await user.clear(number);
    expect(await within(sms).findByText(MESSAGES.phoneEmpty)).toBeInTheDocument();
    expect(api.sent(SEND_CODE)).toEqual([]);
  });

  it('shows a refused send of a code once, opens no code modal, and lets no error go unhandled', async () => {
    // The cause: the send-code handlers (turning SMS on, and off) awaited the call without a catch, so a refusal (the
    // toast shown by the mutation cache) was also an unhandled rejection.
    const rejections = watchUnhandledRejections();
    const refused = { status: 502, body: { code: 'SMS_NOT_SENT', message: MESSAGES.somethingWentWrong } };
    mockApi({ 'GET /user': account(), [SEND_CODE]: refused });
    const { user } = renderWithProviders(<SecurityPage />);
    await screen.findByRole('heading', { name: 'SMS' });
    await user.type(within(card('SMS')).getByRole('textbox', { name: 'Phone number' }), '5551234567');
    await user.click(within(card('SMS')).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    await rejections.settled();
    expect(rejections.reasons).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('turns SMS off only with a code actually sent, and lets a refused send go no further', async () => {
    const rejections = watchUnhandledRejections();
    mockApi({
      'GET /user': account({ isTwillio2fa: true, phoneNumber: '+15551234567' }),
      [SEND_CODE]: { status: 502, body: { code: 'SMS_NOT_SENT', message: MESSAGES.somethingWentWrong } },
    });
    const { user } = renderWithProviders(<SecurityPage />);
    await screen.findByText('On: codes are texted to +15551234567.');
    await user.click(within(card('SMS')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    await rejections.settled();
    expect(rejections.reasons).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refused code in the modal and keeps it open', async () => {
    mockApi({
      'GET /user': account(),
      [SEND_CODE]: { body: { message: 'sent' } },
      [VERIFY_PHONE]: { status: 400, body: { code: 'VALIDATION_ERROR', message: MESSAGES.twoFactorCodeInvalid } },
    });
    const { user } = renderWithProviders(<SecurityPage />);
    await screen.findByRole('heading', { name: 'SMS' });
    await user.type(within(card('SMS')).getByRole('textbox', { name: 'Phone number' }), '5551234567');
    await user.click(within(card('SMS')).getByRole('button', { name: 'Send code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.twoFactorCodeInvalid);
    expect(screen.queryByText(MESSAGES.phoneVerified)).toBeNull();
  });

  it('turns SMS off with a code texted (scope disable) to the number on file', async () => {
    const api = mockApi({
      'GET /user': account({ isTwillio2fa: true, phoneNumber: '+15551234567' }),
      [SEND_CODE]: { body: { message: 'sent' } },
      [DISABLE_SMS]: { body: { message: 'ok' } },
    });
    const { user } = renderWithProviders(<SecurityPage />);
    expect(await screen.findByText('On: codes are texted to +15551234567.')).toBeInTheDocument();
    expect(within(card('SMS')).getByRole('button', { name: 'Change Number' })).toBeInTheDocument();
    await user.click(within(card('SMS')).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the code' });
    expect(api.sent(SEND_CODE).map((request) => [request.query.get('scope'), request.body])).toEqual([
      ['disable', { phone: '+15551234567' }],
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.twoFactorDisabled)).toBeInTheDocument();
    expect(api.sent(DISABLE_SMS).map((request) => request.body)).toEqual([{ code: 654321 }]);
  });

  it('shows a refused authenticator set-up once, opens no QR dialog, and lets no error go unhandled', async () => {
    // The cause: Set Up awaited the call without a catch, so a refusal was also an unhandled rejection.
    const rejections = watchUnhandledRejections();
    mockApi({
      'GET /user': account(),
      [ENABLE_APP]: { status: 500, body: { code: 'INTERNAL', message: MESSAGES.somethingWentWrong } },
    });
    const { user } = renderWithProviders(<SecurityPage />);
    await screen.findByRole('heading', { name: 'Google Authenticator' });
    await user.click(within(card('Google Authenticator')).getByRole('button', { name: 'Set Up' }));
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    await rejections.settled();
    expect(rejections.reasons).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sets up the authenticator: QR and key, a code from the app, then the backup codes once', async () => {
    const api = mockApi({
      'GET /user': account(),
      [ENABLE_APP]: { body: { qrCode: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXP' } },
      [VERIFY_APP]: { body: { message: 'ok', backupCodes: ['aaaa-1111', 'bbbb-2222'] } },
    });
    const { user } = renderWithProviders(<SecurityPage />);
    await screen.findByRole('heading', { name: 'Google Authenticator' });
    await user.click(within(card('Google Authenticator')).getByRole('button', { name: 'Set Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Google Authenticator' });
    expect(within(dialog).getByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(within(dialog).getByTestId('authenticator-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code from the app' }), '012345');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    const backup = await screen.findByRole('dialog', { name: 'Your backup codes' });
    expect(await screen.findByText(MESSAGES.googleAuthenticatorVerified)).toBeInTheDocument();
    // The authenticator's code is sent as typed (its leading zero kept).
    expect(api.sent(VERIFY_APP).map((request) => request.body)).toEqual([{ code: '012345' }]);
    expect(
      within(within(backup).getByRole('list', { name: 'Backup codes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaa-1111', 'bbbb-2222']);
    await user.click(within(backup).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('turns the authenticator off with a current code', async () => {
    const api = mockApi({ 'GET /user': account({ isGoogle2fa: true }), [DISABLE_APP]: { body: { message: 'ok' } } });
    const { user } = renderWithProviders(<SecurityPage />);
    expect(await screen.findByText('On: log-in asks for a code from your authenticator app.')).toBeInTheDocument();
    await user.click(within(card('Google Authenticator')).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Google Authenticator' });
    expect(dialog).toHaveTextContent('Enter a code from your authenticator app to turn it off.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code from the app' }), '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.googleAuthenticatorDisabled)).toBeInTheDocument();
    expect(api.sent(DISABLE_APP).map((request) => request.body)).toEqual([{ code: '999999' }]);
    expect(api.sent(ENABLE_APP)).toEqual([]);
  });
});
