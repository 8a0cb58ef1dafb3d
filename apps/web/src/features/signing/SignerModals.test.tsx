// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { AccessCodeModal, AgreeModal, SignerSelectionModal } from './SignerModals';

const CONFIRM = 'POST /document_sign/signers/signer-1/document/doc-1/confirm_code';

describe('SignerSelectionModal', () => {
  it('continues only once a signer is chosen, with the one chosen', async () => {
    const onSelect = vi.fn();
    const { user } = renderWithProviders(
      <SignerSelectionModal
        signers={[
          { id: 'a', name: 'Ann Lee', email: 'ann@example.com' },
          { id: 'b', name: 'Ben Roe', email: 'ben@example.com' },
        ]}
        onSelect={onSelect}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Signer selection' });
    const go = within(dialog).getByRole('button', { name: 'Continue' });
    expect(go).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Ben Roe (ben@example.com)' }));
    await user.click(go);
    expect(onSelect).toHaveBeenCalledWith('b');
  });
});

describe('AccessCodeModal', () => {
  function renderCode() {
    const onConfirmed = vi.fn();
    const view = renderWithProviders(
      <AccessCodeModal documentId="doc-1" signerId="signer-1" onConfirmed={onConfirmed} />,
    );
    return { ...view, onConfirmed, input: screen.getByLabelText('Access code', { selector: 'input' }) };
  }

  it('sends the typed code, and opens the document when it is right', async () => {
    const api = mockApi({ [CONFIRM]: { body: { message: 'ok' } } });
    const { user, input, onConfirmed } = renderCode();
    const open = screen.getByRole('button', { name: 'Open document' });
    expect(open).toBeDisabled();
    await user.type(input, '  ');
    expect(open).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'tulip-42{Enter}');
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(api.sent(CONFIRM).map((request) => request.body)).toEqual([{ codeAccess: 'tulip-42' }]);
  });

  it("shows the server's refusal on the input and stays open", async () => {
    mockApi({ [CONFIRM]: { status: 400, body: { code: 'VALIDATION_ERROR', message: MESSAGES.accessCodeIncorrect } } });
    const { user, input, onConfirmed } = renderCode();
    await user.type(input, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Open document' }));
    const dialog = screen.getByRole('dialog', { name: 'Access code' });
    expect(await within(dialog).findByText(MESSAGES.accessCodeIncorrect)).toBeInTheDocument();
    // The cause of the message told twice: the mutation cache showed the refusal as a toast too.
    expect(screen.getAllByText(MESSAGES.accessCodeIncorrect)).toHaveLength(1);
    expect(input).toBeInTheDocument();
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});

describe('AgreeModal', () => {
  it('agrees with the consent it shows, or cancels', async () => {
    const onAgree = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<AgreeModal opened isPending={false} onAgree={onAgree} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Almost done!' });
    const consent = within(dialog).getByText(/I consent to sign it electronically/);
    await user.click(within(dialog).getByRole('button', { name: 'I Agree' }));
    expect(onAgree).toHaveBeenCalledWith(consent.textContent);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while closed', () => {
    renderWithProviders(<AgreeModal opened={false} isPending={false} onAgree={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
