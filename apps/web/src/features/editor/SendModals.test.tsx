// @vitest-environment happy-dom
import { type Document, MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { SendErrorsModal, SentModal } from './SendModals';

// Only what the modal reads of a sent document; the rest of the record does not matter here.
const sentDocument = (values: Partial<Document>) =>
  ({
    id: 'doc-1',
    title: 'Lease',
    status: 'awaiting',
    pdfFileKey: null,
    resultPdfFileKey: null,
    ...values,
  }) as Document;

describe('SendErrorsModal', () => {
  it('lists each reason the document cannot be sent, and closes with OK', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <SendErrorsModal
        errors={[MESSAGES.documentNotFound, MESSAGES.invalidEmail]}
        templateKind={undefined}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'The document cannot be sent yet' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([MESSAGES.documentNotFound, MESSAGES.invalidEmail]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays closed without errors', () => {
    renderWithProviders(<SendErrorsModal errors={[]} templateKind={undefined} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('SentModal', () => {
  it("downloads the sent file under the document's title", async () => {
    const api = mockApi({
      'POST /auth/get_signed_download_url': { body: { result: 'https://files.example/lease.pdf' } },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderWithProviders(<SentModal sent={sentDocument({ pdfFileKey: 'files/doc-1.pdf' })} />);
    const dialog = screen.getByRole('dialog', { name: MESSAGES.thanksForSending });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://files.example/lease.pdf'));
    expect(api.sent('POST /auth/get_signed_download_url').map((request) => request.body)).toEqual([
      { key: 'files/doc-1.pdf', fileName: 'Lease.pdf' },
    ]);
  });

  it('prints the sealed result in a new tab once there is one', async () => {
    const api = mockApi({ 'POST /auth/get_signed_url': { body: { url: 'https://files.example/sealed.pdf' } } });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user } = renderWithProviders(
      <SentModal
        sent={sentDocument({
          status: 'completed',
          pdfFileKey: 'files/doc-1.pdf',
          resultPdfFileKey: 'files/sealed.pdf',
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://files.example/sealed.pdf', '_blank', 'noopener'));
    expect(api.sent('POST /auth/get_signed_url').map((request) => request.body)).toEqual([{ key: 'files/sealed.pdf' }]);
  });

  it('says the document is being processed until its file is ready, then offers it', async () => {
    let isReady = false;
    mockApi({
      'GET /documents/doc-1': () => ({
        body: sentDocument({ status: 'completed', resultPdfFileKey: isReady ? 'files/sealed.pdf' : null }),
      }),
    });
    const { queryClient } = renderWithProviders(<SentModal sent={sentDocument({ status: 'completed' })} />);
    expect(screen.getByRole('status')).toHaveTextContent('The document is being processed');
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    isReady = true;
    await queryClient.refetchQueries();
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Documents' })).toHaveAttribute('href', '/documents');
  });
});
