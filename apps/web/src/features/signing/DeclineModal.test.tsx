// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { DeclineModal } from './DeclineModal';

const DECLINE = 'POST /document_sign/documents/doc-1/signers/signer-1/decline';

describe('DeclineModal', () => {
  it('asks for a reason before declining, then sends it and says so', async () => {
    const api = mockApi({ [DECLINE]: { body: { documentStatus: 'declined' } } });
    const onDeclined = vi.fn();
    const { user } = renderWithProviders(
      <DeclineModal
        documentId="doc-1"
        signerId="signer-1"
        senderName="Olivia Owner"
        onClose={() => {}}
        onDeclined={onDeclined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Decline to sign' });
    expect(within(dialog).getByText(/Tell Olivia Owner why you will not sign/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Decline document' }));
    expect(within(dialog).getByText(MESSAGES.reasonRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    const reason = within(dialog).getByLabelText(/Reason/);
    expect(reason.getAttribute('maxlength')).toBe('500');
    await user.type(reason, '  Wrong rent  ');
    expect(within(dialog).getByText('14 / 500')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Decline document' }));
    await waitFor(() => expect(onDeclined).toHaveBeenCalledTimes(1));
    expect(api.requests.map((request) => request.body)).toEqual([{ reason: 'Wrong rent' }]);
  });
});
