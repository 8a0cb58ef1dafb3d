// @vitest-environment happy-dom
import { deactivatedMessage, type IntegrationState, integratedMessage, MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { IntegrationsPage } from './IntegrationsPage';

const LIST = 'GET /integrations';
const DEACTIVATE = 'POST /integrations/deactivate';

const card = (values: Partial<IntegrationState> & Pick<IntegrationState, 'type'>): IntegrationState => ({
  isConfigured: true,
  disabledReason: null,
  isConnected: false,
  isRevoked: false,
  ...values,
});

const FOUR = [
  card({ type: 'google_drive', isConnected: true }),
  card({ type: 'dropbox', isConfigured: false, disabledReason: 'Available by default' }),
  card({ type: 'one_drive', isRevoked: true }),
  card({ type: 'box' }),
];

const section = (name: string) => screen.getByRole('region', { name });

function renderPage(route = '/integrations') {
  return renderWithProviders(<IntegrationsPage />, { route, path: '/integrations' });
}

describe('IntegrationsPage', () => {
  it("shows the title, the spec's subtitle and one card per service with its state", async () => {
    mockApi({ [LIST]: { body: { integrations: FOUR } } });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getByText('Connect the product with the tools you already know and love.')).toBeInTheDocument();
    const google = await screen.findByRole('region', { name: 'Google Drive' });
    expect(within(google).getByText('Connected')).toBeInTheDocument();
    expect(within(google).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
    expect(within(google).queryByRole('button', { name: 'Activate' })).toBeNull();

    const dropbox = section('Dropbox');
    expect(within(dropbox).getByText('Available by default')).toBeInTheDocument();
    expect(within(dropbox).getByRole('button', { name: 'Activate' })).toBeDisabled();

    const oneDrive = section('One Drive');
    expect(within(oneDrive).getByText('Connection lost: activate it again to import files.')).toBeInTheDocument();
    expect(within(oneDrive).getByRole('button', { name: 'Activate' })).toBeEnabled();

    const box = section('Box');
    expect(within(box).getByText('Import files from your Box account.')).toBeInTheDocument();
    expect(within(box).queryByText('Connected')).toBeNull();
  });

  it('deactivates a connected service by its type and says so, then reads the cards again', async () => {
    let connected = true;
    const api = mockApi({
      [LIST]: () => ({ body: { integrations: [card({ type: 'google_drive', isConnected: connected })] } }),
      [DEACTIVATE]: () => {
        connected = false;
        return { body: { url: null, message: 'ok' } };
      },
    });
    const { user } = renderPage();
    const google = await screen.findByRole('region', { name: 'Google Drive' });
    await user.click(within(google).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(deactivatedMessage('google_drive'))).toBeInTheDocument();
    expect(api.sent(DEACTIVATE).map((request) => request.body)).toEqual([{ type: 'google_drive' }]);
    expect(await within(google).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(google).queryByText('Connected')).toBeNull();
    // Only the success toast: no hint to remove the app at the service when the server gives no page for it.
    expect(screen.queryByText(/also remove the app/)).toBeNull();
  });

  it("adds the hint to remove the app at the service when the server answers that service's page", async () => {
    mockApi({
      [LIST]: { body: { integrations: [card({ type: 'box', isConnected: true })] } },
      [DEACTIVATE]: { body: { url: 'https://app.box.com/account/security', message: 'ok' } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(deactivatedMessage('box'))).toBeInTheDocument();
    expect(
      screen.getByText('To remove every trace of the access, also remove the app on your Box account page.'),
    ).toBeInTheDocument();
  });

  it("shows '{service} successfully integrated!' when the authorisation came back with success, and clears the query", async () => {
    mockApi({ [LIST]: { body: { integrations: FOUR } } });
    const { location } = renderPage('/integrations?status=success&type=dropbox');
    expect(await screen.findByText(integratedMessage('dropbox'))).toBeInTheDocument();
    await waitFor(() => expect(location.current).toBe('/integrations'));
  });

  it("says 'You have denied access for the product' when the error is access_denied", async () => {
    mockApi({ [LIST]: { body: { integrations: FOUR } } });
    const { location } = renderPage(
      '/integrations?status=error&type=box&error=access_denied&error_description=The%20user%20denied',
    );
    expect(await screen.findByText(MESSAGES.accessDenied)).toBeInTheDocument();
    expect(screen.queryByText('The user denied')).toBeNull();
    await waitFor(() => expect(location.current).toBe('/integrations'));
  });

  it("shows another error's description as the service gave it", async () => {
    mockApi({ [LIST]: { body: { integrations: FOUR } } });
    renderPage('/integrations?status=error&type=box&error=server_error&error_description=Box%20is%20down');
    expect(await screen.findByText('Box is down')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.accessDenied)).toBeNull();
  });

  it('shows nothing for an address without a status, and keeps its query', async () => {
    mockApi({ [LIST]: { body: { integrations: FOUR } } });
    const { location } = renderPage('/integrations?type=box');
    await screen.findByRole('region', { name: 'Box' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(integratedMessage('box'))).toBeNull();
    expect(location.current).toBe('/integrations?type=box');
  });

  it('posts the result to the page that opened it as a popup, and closes, without a toast here', async () => {
    mockApi({ [LIST]: { body: { integrations: FOUR } } });
    const opener = { postMessage: vi.fn() };
    vi.stubGlobal('opener', opener);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderPage('/integrations?status=success&type=one_drive');
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(opener.postMessage).toHaveBeenCalledWith(
      { source: 'esign-integration', status: 'success', type: 'one_drive', error: null, errorDescription: null },
      window.location.origin,
    );
    expect(screen.queryByText(integratedMessage('one_drive'))).toBeNull();
    close.mockRestore();
  });
});
