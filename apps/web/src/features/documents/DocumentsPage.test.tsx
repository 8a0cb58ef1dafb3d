// @vitest-environment happy-dom
import { type DocumentListItem, MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { DocumentsPage } from './DocumentsPage';

const LIST = 'GET /documents';
const DELETE = 'DELETE /documents';
const ME = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada Lovelace' };
const TEAMMATE = { id: '00000000-0000-4000-8000-0000000000bb', name: 'Bob Stone' };

const doc = (n: number, values: Partial<DocumentListItem> = {}): DocumentListItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Contract ${n}`,
  type: 'others',
  status: 'awaiting',
  createdAt: '2026-11-20T10:00:00.000Z',
  isOrdered: false,
  remindersDisabled: false,
  hasAccessCode: false,
  expiresAt: null,
  owner: ME,
  signers: [],
  ...values,
});

const page = (items: DocumentListItem[], totalItems = items.length) => ({
  body: { items, totalItems, pageCount: 1, itemCount: items.length, pageNumber: 1, itemsLimit: 10 },
});

beforeEach(() => {
  localStorage.setItem('esign.accessToken', 'access-1');
  localStorage.setItem('esign.refreshToken', 'refresh-1');
});

function renderList(route = '/documents', handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /user': { body: { ...ME, email: 'ada@example.com', teamId: null } }, ...handlers });
  return { api, ...renderWithProviders(<DocumentsPage />, { route, path: '/documents/:status?' }) };
}

const lastList = (api: ReturnType<typeof mockApi>) => api.sent(LIST).at(-1)?.query;

describe('DocumentsPage', () => {
  it("asks for the documents' types, newest first, and shows the rows and the counter", async () => {
    const { api } = renderList('/documents', { [LIST]: page([doc(1), doc(2, { status: 'draft' })]) });
    expect(await screen.findAllByTestId('document-row')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Contract 1' })).toHaveAttribute('href', `/documents/${doc(1).id}/preview`);
    expect(screen.getByTestId('documents-counter')).toHaveTextContent('1-2 of 2 results');
    const query = lastList(api);
    expect(query?.getAll('type')).toEqual(['me', 'me_and_other', 'others']);
    expect(query?.getAll('status')).toEqual([]);
    expect(query?.get('orderingKey')).toBe('createdAt');
    expect(query?.get('orderingDirection')).toBe('desc');
    expect(query?.get('page')).toBe('1');
  });

  it("says 'No documents found.' for an empty list", async () => {
    renderList('/documents', { [LIST]: page([]) });
    expect(await screen.findByText('No documents found.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('document-row')).toEqual([]);
  });

  it("asks only for the filter's statuses, and goes to the filter's address when one is chosen", async () => {
    const { api, user, location } = renderList('/documents/awaiting', { [LIST]: page([doc(1)]) });
    await screen.findAllByTestId('document-row');
    expect(lastList(api)?.getAll('status')).toEqual(['awaiting']);
    await user.click(screen.getByText('Completed'));
    await waitFor(() => expect(location.current).toBe('/documents/completed'));
    await waitFor(() => expect(lastList(api)?.getAll('status')).toEqual(['completed']));
    await user.click(screen.getByText('All'));
    await waitFor(() => expect(location.current).toBe('/documents'));
  });

  it('goes back to the whole list from an unknown filter', async () => {
    const { location } = renderList('/documents/nonsense', { [LIST]: page([]) });
    await waitFor(() => expect(location.current).toBe('/documents'));
  });

  it('sorts by title ascending, then descending', async () => {
    const { api, user } = renderList('/documents', { [LIST]: page([doc(1)]) });
    await screen.findAllByTestId('document-row');
    await user.click(screen.getByRole('button', { name: 'Sort by TITLE' }));
    await waitFor(() => expect(lastList(api)?.get('orderingKey')).toBe('title'));
    expect(lastList(api)?.get('orderingDirection')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Sort by TITLE' }));
    await waitFor(() => expect(lastList(api)?.get('orderingDirection')).toBe('desc'));
  });

  it("selects only the user's own rows, and deletes the selected ones after the confirmation", async () => {
    let items = [doc(1), doc(2), doc(3, { owner: TEAMMATE }), doc(4, { status: 'preparing' })];
    const { api, user } = renderList('/documents', {
      [LIST]: () => page(items),
      [DELETE]: (request) => {
        const ids = (request.body as { ids: string[] }).ids;
        items = items.filter((item) => !ids.includes(item.id));
        return { body: { message: 'ok' } };
      },
    });
    await screen.findAllByTestId('document-row');
    expect(screen.queryByRole('checkbox', { name: 'Select Contract 3' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Contract 4' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete \(/ })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select all documents on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Contract 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Contract 2' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete documents' });
    expect(dialog).toHaveTextContent('Delete 2 document(s)? This cannot be undone.');
    expect(api.sent(DELETE)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(MESSAGES.documentsDeleted)).toBeInTheDocument();
    expect(api.sent(DELETE).map((request) => request.body)).toEqual([{ ids: [doc(1).id, doc(2).id] }]);
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Delete \(/ })).toBeNull();
  });

  it('keeps the selection when the delete is cancelled', async () => {
    const { api, user } = renderList('/documents', { [LIST]: page([doc(1), doc(2)]) });
    await screen.findAllByTestId('document-row');
    await user.click(screen.getByRole('checkbox', { name: 'Select Contract 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete documents' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Select Contract 2' })).toBeChecked();
    expect(api.sent(DELETE)).toEqual([]);
  });

  it("shows a refused list's message with Retry, and the rows once Retry is answered", async () => {
    let isDown = true;
    const { user } = renderList('/documents', {
      [LIST]: () =>
        isDown ? { status: 404, body: { code: 'NOT_FOUND', message: MESSAGES.notFound } } : page([doc(1)]),
    });
    expect(await screen.findByText(MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByTestId('documents-counter')).toBeNull();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('document-row')).toHaveLength(1);
  });
});
