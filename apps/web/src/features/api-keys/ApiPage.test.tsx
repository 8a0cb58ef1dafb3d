// @vitest-environment happy-dom
import { type ApiKeyItem, MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { ApiPage } from './ApiPage';

const SUBSCRIPTION = 'GET /api-subscriptions';
const KEYS = 'GET /api_keys';
const CREATE = 'POST /api_keys/create';

const subscription = (isApiEnabled: boolean, type = 'free', duration = 'monthly') => ({
  body: {
    plan: { type, duration },
    amount: '0',
    nextBillingDate: null,
    requestsMonthlyLimit: 0,
    templatesLimit: 0,
    isApiEnabled,
  },
});

const key = (values: Partial<ApiKeyItem> = {}): ApiKeyItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'CRM key',
  prefix: 'esk_live_ab',
  mode: 'live',
  createdAt: '2026-11-01T12:00:00.000Z',
  requests: 0,
  deletedAt: null,
  allowedOrigins: [],
  ...values,
});

const page = (items: ApiKeyItem[]) => ({
  body: { items, totalItems: items.length, pageCount: 1, itemCount: items.length, pageNumber: 1, itemsLimit: 10 },
});

/** The page's other sections answered empty, with the keys and the subscription given. */
function mockPage(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /webhooks': { body: { webhooks: [] } },
    'GET /invoices': { body: [] },
    [SUBSCRIPTION]: subscription(true),
    [KEYS]: page([]),
    ...handlers,
  });
}

async function openRowMenu(user: ReturnType<typeof renderWithProviders>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions of ${name}` }));
}

describe('ApiPage', () => {
  it('shows no keys table before an API plan is chosen, and the plans to choose', async () => {
    const api = mockPage({ [SUBSCRIPTION]: subscription(false) });
    renderWithProviders(<ApiPage />);
    expect(await screen.findByRole('heading', { name: 'API plan' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(api.sent(KEYS)).toEqual([]);
    // No plan is current while the API is off: every plan can be chosen.
    for (const type of ['free', 'gold', 'platinum', 'titanium']) {
      expect(within(screen.getByTestId(`api-plan-${type}`)).getByRole('button', { name: 'Choose' })).toBeEnabled();
    }
  });

  it('says there are no keys yet once the API is on', async () => {
    mockPage({});
    renderWithProviders(<ApiPage />);
    expect(await screen.findByText(MESSAGES.noApiKeys)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeInTheDocument();
  });

  it('lists the keys with their prefix, requests and badges', async () => {
    mockPage({
      [KEYS]: page([
        key({ requests: 12 }),
        key({
          id: '00000000-0000-4000-8000-000000000002',
          name: 'Sandbox',
          mode: 'test',
          prefix: 'esk_test_cd',
          deletedAt: '2026-11-02T00:00:00.000Z',
        }),
      ]),
    });
    renderWithProviders(<ApiPage />);
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    const [live, sandbox] = rows as [HTMLElement, HTMLElement];
    expect(live).toHaveTextContent('CRM key');
    expect(live).toHaveTextContent('esk_live_ab…');
    expect(live).toHaveTextContent('12');
    expect(within(live).queryByText('Test')).toBeNull();
    expect(within(sandbox).getByText('Test')).toBeInTheDocument();
    expect(within(sandbox).getByText('Revoked')).toBeInTheDocument();
  });

  it('refuses an empty or blank key name without a request', async () => {
    const api = mockPage({});
    const { user } = renderWithProviders(<ApiPage />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(within(dialog).getByText(MESSAGES.required)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'API key name' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(within(dialog).getByText(MESSAGES.onlySpaces)).toBeInTheDocument();
    expect(api.sent(CREATE)).toEqual([]);
  });

  it('creates a test key with its origins, shows the key once and copies it', async () => {
    const api = mockPage({ [CREATE]: { body: { apiKey: key({ mode: 'test' }), key: 'esk_test_secret123' } } });
    const { user } = renderWithProviders(<ApiPage />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'API key name' }), 'Staging');
    await user.click(within(dialog).getByText('Test'));
    expect(within(dialog).getByText(/Test keys make test documents/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: /Allowed origins/ }));
    await user.paste('https://crm.example.com, https://app.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    expect(await within(dialog).findByTestId('new-api-key')).toHaveTextContent('esk_test_secret123');
    expect(within(dialog).getByText('Copy your key now: it is shown only once.')).toBeInTheDocument();
    expect(api.sent(CREATE).map((request) => request.body)).toEqual([
      { name: 'Staging', mode: 'test', allowedOrigins: ['https://crm.example.com', 'https://app.example.com'] },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(MESSAGES.apiKeyCopied)).toBeInTheDocument();
    // user-event stands in for the clipboard: it holds what the page wrote.
    expect(await navigator.clipboard.readText()).toBe('esk_test_secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal of a new key in the modal", async () => {
    mockPage({ [CREATE]: { status: 400, body: { code: 'VALIDATION_ERROR', message: MESSAGES.invalidUrl } } });
    const { user } = renderWithProviders(<ApiPage />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'API key name' }), 'Staging');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText(MESSAGES.invalidUrl)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('new-api-key')).toBeNull();
  });

  it('deletes a key only after the confirmation, by its id', async () => {
    const api = mockPage({
      [KEYS]: page([key()]),
      'DELETE /api_keys/:id': { body: { message: 'API key deleted' } },
    });
    const { user } = renderWithProviders(<ApiPage />);
    await openRowMenu(user, 'CRM key');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete API key' });
    expect(dialog).toHaveTextContent('Delete the API key "CRM key"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    await openRowMenu(user, 'CRM key');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete API key' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('API key deleted')).toBeInTheDocument();
    expect(api.sent(`DELETE /api_keys/${key().id}`)).toHaveLength(1);
  });

  it('revokes an active key and recovers a revoked one; View History only for a key with requests', async () => {
    const revoked = key({ id: '00000000-0000-4000-8000-000000000002', name: 'Old', deletedAt: '2026-11-02T00:00:00Z' });
    const api = mockPage({
      [KEYS]: page([key({ requests: 3 }), revoked]),
      'DELETE /api_keys/revoke/:id': { body: { message: 'API key revoked' } },
      'POST /api_keys/recover/:id': { body: { message: 'API key recovered' } },
    });
    const { user, location } = renderWithProviders(<ApiPage />);
    await openRowMenu(user, 'Old');
    expect(screen.queryByRole('menuitem', { name: 'View History' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Revoke' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Recover' }));
    expect(await screen.findByText('API key recovered')).toBeInTheDocument();
    expect(api.sent(`POST /api_keys/recover/${revoked.id}`)).toHaveLength(1);

    await openRowMenu(user, 'CRM key');
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    expect(api.sent(`DELETE /api_keys/revoke/${key().id}`)).toHaveLength(1);

    await openRowMenu(user, 'CRM key');
    await user.click(await screen.findByRole('menuitem', { name: 'View History' }));
    expect(location.current).toBe(`/settings/api/${key().id}/request_history`);
  });

  it("saves a key's allowed origins as a list", async () => {
    const item = key({ allowedOrigins: ['https://crm.example.com'] });
    const api = mockPage({ [KEYS]: page([item]), 'PATCH /api_keys/:id': { body: item } });
    const { user } = renderWithProviders(<ApiPage />);
    await openRowMenu(user, 'CRM key');
    await user.click(await screen.findByRole('menuitem', { name: 'Allowed origins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allowed origins' });
    const field = within(dialog).getByRole('textbox');
    expect(field).toHaveValue('https://crm.example.com');
    await user.click(field);
    await user.paste(' https://b.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.apiKeyUpdated)).toBeInTheDocument();
    expect(api.sent(`PATCH /api_keys/${item.id}`).map((request) => request.body)).toEqual([
      { allowedOrigins: ['https://crm.example.com', 'https://b.example.com'] },
    ]);
  });

  it('marks the current plan, chooses a paid plan by its duration and the free one by DELETE', async () => {
    const api = mockPage({
      [SUBSCRIPTION]: subscription(true, 'gold', 'monthly'),
      'POST /api-plans/change': { body: { message: 'ok', subscription: subscription(true, 'platinum').body } },
      'DELETE /api-plans': { body: { message: 'ok', subscription: subscription(true).body } },
    });
    const { user } = renderWithProviders(<ApiPage />);
    const gold = await screen.findByTestId('api-plan-gold');
    expect(within(gold).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await user.click(screen.getByText('Annually'));
    expect(within(gold).getByRole('button', { name: 'Choose' })).toBeEnabled();
    await user.click(within(screen.getByTestId('api-plan-platinum')).getByRole('button', { name: 'Choose' }));
    expect(await screen.findByText(MESSAGES.planChanged)).toBeInTheDocument();
    expect(api.sent('POST /api-plans/change').map((request) => request.body)).toEqual([
      { type: 'platinum', duration: 'annually' },
    ]);
    await user.click(within(screen.getByTestId('api-plan-free')).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(api.sent('DELETE /api-plans')).toHaveLength(1));
  });

  it('shows a refused plan change above the plans', async () => {
    mockPage({
      [SUBSCRIPTION]: subscription(false),
      'POST /api-plans/change': {
        status: 402,
        body: { code: 'PAYMENT_FAILED', message: 'Add a card on the billing page first' },
      },
    });
    const { user } = renderWithProviders(<ApiPage />);
    await user.click(within(await screen.findByTestId('api-plan-gold')).getByRole('button', { name: 'Choose' }));
    expect(await screen.findByText('Add a card on the billing page first')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.planChanged)).toBeNull();
  });
});
