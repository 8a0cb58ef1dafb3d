// @vitest-environment happy-dom
import { EVENT_TYPES, MESSAGES, type WebhookSubscription } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { WebhooksSection } from './WebhooksSection';

const LIST = 'GET /webhooks';
const CREATE = 'POST /webhooks';

const hook = (values: Partial<WebhookSubscription> = {}): WebhookSubscription => ({
  id: 'hook-1',
  url: 'https://crm.example.com/hooks',
  events: [...EVENT_TYPES],
  isEnabled: true,
  disabledAt: null,
  failingSince: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...values,
});

const list = (webhooks: WebhookSubscription[]) => ({ body: { webhooks } });
const rowOf = async (url: string) => (await screen.findByText(url)).closest('tr') as HTMLElement;

describe('WebhooksSection', () => {
  it('says there are no webhooks yet', async () => {
    mockApi({ [LIST]: list([]) });
    renderWithProviders(<WebhooksSection />);
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it("shows each webhook's events and state: all events, active, failing, turned off with 'Turn on'", async () => {
    mockApi({
      [LIST]: list([
        hook(),
        hook({ id: 'hook-2', url: 'https://b.example.com', events: ['document.signed', 'document.completed'] }),
        hook({ id: 'hook-3', url: 'https://c.example.com', failingSince: '2026-11-20T00:00:00Z' }),
        hook({ id: 'hook-4', url: 'https://d.example.com', isEnabled: false, disabledAt: '2026-11-25T00:00:00Z' }),
      ]),
    });
    renderWithProviders(<WebhooksSection />);
    const all = await rowOf('https://crm.example.com/hooks');
    expect(all).toHaveTextContent('All events');
    expect(all).toHaveTextContent('Active');
    expect(within(all).queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(await rowOf('https://b.example.com')).toHaveTextContent('document.signed, document.completed');
    expect(await rowOf('https://c.example.com')).toHaveTextContent('Failing');
    const off = await rowOf('https://d.example.com');
    expect(off).toHaveTextContent('Turned off');
    expect(within(off).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('creates a webhook for the chosen events and shows its secret once', async () => {
    const api = mockApi({
      [LIST]: list([]),
      [CREATE]: { body: { webhook: hook(), secret: 'whsec_abc123' } },
    });
    const { user } = renderWithProviders(<WebhooksSection />);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://crm.example.com/hooks');
    // Every event is chosen at first: leave out two.
    await user.click(within(dialog).getByRole('checkbox', { name: 'document.viewed' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'form.submitted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));

    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByTestId('webhook-secret')).toHaveTextContent('whsec_abc123');
    expect(api.sent(CREATE).map((request) => request.body)).toEqual([
      {
        url: 'https://crm.example.com/hooks',
        events: EVENT_TYPES.filter((type) => type !== 'document.viewed' && type !== 'form.submitted'),
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Add webhook' })).toBeNull();
  });

  it('refuses a URL that is not http(s) and a webhook with no event, without a request', async () => {
    const api = mockApi({ [LIST]: list([]) });
    const { user } = renderWithProviders(<WebhooksSection />);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    expect(await within(dialog).findByText(MESSAGES.required)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'ftp://crm.example.com');
    for (const type of EVENT_TYPES) await user.click(within(dialog).getByRole('checkbox', { name: type }));
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    expect(await within(dialog).findByText(MESSAGES.webhookUrlInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.webhookEventsRequired)).toBeInTheDocument();
    expect(api.sent(CREATE)).toEqual([]);
  });

  it('sends a test event, rotates the secret and turns a webhook on again, each for its id', async () => {
    const api = mockApi({
      [LIST]: list([hook({ isEnabled: false, disabledAt: '2026-11-25T00:00:00Z' })]),
      'POST /webhooks/:id/test': { body: { message: 'ok' } },
      'POST /webhooks/:id/rotate_secret': { body: { secret: 'whsec_rotated' } },
      'PATCH /webhooks/:id': { body: hook() },
    });
    const { user } = renderWithProviders(<WebhooksSection />);
    const row = await rowOf('https://crm.example.com/hooks');
    await user.click(within(row).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event sent')).toBeInTheDocument();
    expect(api.sent('POST /webhooks/hook-1/test')).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByTestId('webhook-secret')).toHaveTextContent('whsec_rotated');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(row).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(api.sent('PATCH /webhooks/hook-1').map((request) => request.body)).toEqual([{ isEnabled: true }]),
    );
  });

  it('deletes a webhook only after the confirmation naming its URL', async () => {
    let webhooks = [hook()];
    const api = mockApi({
      [LIST]: () => list(webhooks),
      'DELETE /webhooks/:id': () => {
        webhooks = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithProviders(<WebhooksSection />);
    const row = await rowOf('https://crm.example.com/hooks');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    expect(dialog).toHaveTextContent('Events will no longer be sent to https://crm.example.com/hooks.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('DELETE /webhooks/hook-1')).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete webhook' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(api.sent('DELETE /webhooks/hook-1')).toHaveLength(1);
  });
});
