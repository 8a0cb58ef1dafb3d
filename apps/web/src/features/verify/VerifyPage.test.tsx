// @vitest-environment happy-dom
import { MESSAGES, type VerifyPdfResponse } from '@esign/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { userDates } from '../settings/user-dates';
import { VerifyPage } from './VerifyPage';

const VERIFY = 'POST /verify';
const pdf = (name = 'contract-signed.pdf') => new File(['%PDF-1.7 signed'], name, { type: 'application/pdf' });

const SEALED: VerifyPdfResponse = {
  verdict: 'intact',
  sha256: 'ab12cd34',
  signatures: [
    {
      isValid: true,
      coversWholeFile: true,
      signingTime: '2026-11-20T10:00:00.000Z',
      signer: {
        subject: 'CN=eSign seal',
        issuer: 'CN=eSign CA',
        serialNumber: '01',
        notBefore: '2026-01-01T00:00:00.000Z',
        notAfter: '2027-01-01T00:00:00.000Z',
      },
    },
  ],
  sealedDocument: {
    title: 'Lease agreement',
    completedAt: '2026-11-20T10:00:00.000Z',
    signers: [
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      { name: 'Charles Babbage', email: 'charles@example.com' },
    ],
  },
};

async function choose(user: ReturnType<typeof renderWithProviders>['user'], file: File) {
  await user.upload(screen.getByLabelText('Choose a PDF to verify'), file);
}

describe('VerifyPage', () => {
  it('sends the chosen file as the multipart field `file` and shows the verdict, the file and the sealed document', async () => {
    const api = mockApi({ [VERIFY]: { body: SEALED } });
    const { user } = renderWithProviders(<VerifyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a signed document' })).toBeInTheDocument();
    await choose(user, pdf());

    const verdict = await screen.findByRole('alert');
    expect(verdict).toHaveTextContent('Intact');
    expect(verdict).toHaveTextContent('its seal is valid and covers the whole file');
    const bodies = api.sent(VERIFY).map((request) => request.body);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toBeInstanceOf(FormData);
    expect(((bodies[0] as FormData).get('file') as File).name).toBe('contract-signed.pdf');
    expect(screen.getByText('contract-signed.pdf, SHA-256 ab12cd34')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Sealed by this service' })).toBeInTheDocument();
    expect(screen.getByText('Document: Lease agreement')).toBeInTheDocument();
    const completed = userDates({ dateFormat: 'MM/DD/YYYY', timezone: null }).dateTime('2026-11-20T10:00:00.000Z');
    expect(screen.getByText(`Completed: ${completed}`)).toBeInTheDocument();
    const lists = screen.getAllByRole('list');
    expect(
      within(lists[0] as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('ada@example.com'), expect.stringContaining('charles@example.com')]);
    expect(
      screen.getByText(/Valid signature, covering the whole file\. Signed by CN=eSign seal\./),
    ).toBeInTheDocument();
  });

  it('says a seal was appended to, and a signature that does not cover the whole file', async () => {
    mockApi({
      [VERIFY]: {
        body: {
          ...SEALED,
          verdict: 'changedAfterSealing',
          signatures: [{ isValid: true, coversWholeFile: false, signingTime: null, signer: null }],
        },
      },
    });
    const { user } = renderWithProviders(<VerifyPage />);
    await choose(user, pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('Changed after sealing');
    expect(
      screen.getByText(/Valid signature, not covering the whole file: something was added after it\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Signed by/)).toBeNull();
  });

  it('says a file without a signature has none, with no sealed document and no signature list', async () => {
    mockApi({ [VERIFY]: { body: { verdict: 'noSignature', sha256: 'ff00', signatures: [], sealedDocument: null } } });
    const { user } = renderWithProviders(<VerifyPage />);
    await choose(user, pdf('scan.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No signature');
    expect(screen.getByText(/nothing proves who signed it/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sealed by this service' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Signatures' })).toBeNull();
  });

  it('says a broken signature is not valid', async () => {
    mockApi({
      [VERIFY]: {
        body: {
          verdict: 'invalid',
          sha256: '99',
          signatures: [{ isValid: false, coversWholeFile: true, signingTime: null, signer: null }],
          sealedDocument: null,
        },
      },
    });
    const { user } = renderWithProviders(<VerifyPage />);
    await choose(user, pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('Signature not valid');
    expect(screen.getByText(/Invalid signature, covering the whole file\./)).toBeInTheDocument();
  });

  it("shows the server's refusal as a toast and no verdict", async () => {
    mockApi({ [VERIFY]: { status: 400, body: { code: 'VALIDATION_ERROR', message: MESSAGES.notAPdf } } });
    const { user } = renderWithProviders(<VerifyPage />);
    await choose(user, pdf('notes.pdf'));
    expect(await screen.findByText(MESSAGES.notAPdf)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify another file' })).toBeNull();
    expect(screen.queryByText(/SHA-256/)).toBeNull();
  });

  it("clears the result with 'Verify another file'", async () => {
    mockApi({ [VERIFY]: { body: SEALED } });
    const { user } = renderWithProviders(<VerifyPage />);
    await choose(user, pdf());
    await user.click(await screen.findByRole('button', { name: 'Verify another file' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Document: Lease agreement')).toBeNull();
    expect(screen.getByLabelText('Choose a PDF to verify')).toBeInTheDocument();
  });
});
