// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { ReassignModal } from './ReassignModal';

const REASSIGN = 'POST /document_sign/documents/doc-1/signers/signer-1/reassign';

function renderModal() {
  const onClose = vi.fn();
  const view = renderWithProviders(<ReassignModal documentId="doc-1" signerId="signer-1" onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Reassign to someone else' });
  return { ...view, onClose, dialog };
}

describe('ReassignModal', () => {
  it('sends the new person and the reason, then says the part is handed on', async () => {
    const api = mockApi({ [REASSIGN]: { body: { success: true } } });
    const { user, dialog } = renderModal();
    await user.type(within(dialog).getByLabelText(/Their name/), 'Nina New');
    await user.type(within(dialog).getByLabelText(/Their email/), 'nina@example.com');
    await user.type(within(dialog).getByLabelText(/Reason/), 'She signs for us');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    const done = await screen.findByRole('dialog', { name: 'Reassigned' });
    expect(within(done).getByText(/Nina New will get an email with their own link/)).toBeInTheDocument();
    expect(api.sent(REASSIGN).map((request) => request.body)).toEqual([
      { name: 'Nina New', email: 'nina@example.com', reason: 'She signs for us' },
    ]);
  });

  it("puts the server's messages on the fields, and a refusal that names none below them", async () => {
    mockApi({
      [REASSIGN]: {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: MESSAGES.invalidEmail,
          errors: [{ property: 'email', constraints: { format: MESSAGES.invalidEmail }, children: [] }],
        },
      },
    });
    const { user, dialog, onClose } = renderModal();
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    mockApi({ [REASSIGN]: { status: 403, body: { code: 'FORBIDDEN', message: MESSAGES.reassignNotAllowed } } });
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.reassignNotAllowed));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
