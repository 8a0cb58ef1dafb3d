// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { RecipientActions } from './RecipientActions';

const BASE = '/document_sign/documents/doc-1/signers/signer-1';
const ANSWER = { body: { isFinished: true, documentStatus: 'awaiting', redirectionPage: null } };
const props = {
  documentId: 'doc-1',
  signerId: 'signer-1',
  senderName: 'Olivia Owner',
  isFinished: false,
  rejection: null,
  isMyTurn: true,
  embedOrigins: [],
};

describe('RecipientActions (issue 36)', () => {
  it("approves: the approver's request, Approve sent, then what was done", async () => {
    const api = mockApi({ [`POST ${BASE}/approve`]: ANSWER });
    const { user } = renderWithProviders(<RecipientActions {...props} recipientRole="approver" />);
    expect(screen.getByText('Olivia Owner asks you to review and approve this document.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('You have approved the document');
    expect(api.sent(`POST ${BASE}/approve`)).toHaveLength(1);
  });

  it('rejects only with a reason, sent trimmed, and shows it', async () => {
    const api = mockApi({ [`POST ${BASE}/reject`]: { body: { ...ANSWER.body, isFinished: false } } });
    const { user } = renderWithProviders(<RecipientActions {...props} recipientRole="approver" />);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this document' }, { timeout: 10_000 });
    const confirm = within(dialog).getByRole('button', { name: 'Reject document' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), '  Wrong price  ');
    await user.click(confirm);
    await screen.findByText('You have rejected the document');
    expect(screen.getByText(/Wrong price/)).toBeTruthy();
    expect(api.sent(`POST ${BASE}/reject`).map((request) => request.body)).toEqual([{ reason: 'Wrong price' }]);
  });

  it('a viewer acknowledges viewing; before its turn it is offered nothing', async () => {
    const api = mockApi({ [`POST ${BASE}/acknowledge`]: ANSWER });
    const { user, unmount } = renderWithProviders(
      <RecipientActions {...props} recipientRole="viewer" isMyTurn={false} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderWithProviders(<RecipientActions {...props} recipientRole="viewer" />);
    await user.click(screen.getByRole('button', { name: 'I have viewed this document' }));
    await waitFor(() => expect(api.sent(`POST ${BASE}/acknowledge`)).toHaveLength(1));
    await screen.findByText('Thank you for viewing the document');
  });

  it('shows an earlier rejection with its reason, and no buttons', () => {
    mockApi({});
    renderWithProviders(<RecipientActions {...props} recipientRole="approver" rejection={{ reason: 'Too late' }} />);
    expect(screen.getByText('You have rejected the document')).toBeTruthy();
    expect(screen.getByText(/Too late/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
