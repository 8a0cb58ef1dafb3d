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
      kind: 'signature',
      timestamp: null,
      isSelfSigned: false,
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
  evidence: {
    level: 'B-B',
    validationData: null,
    updates: [],
    auditTrail: { match: 'matches', events: 5, brokenAtEvent: null },
  },
};

const NO_EVIDENCE = { level: null, validationData: null, updates: [], auditTrail: null };
const bare = { signingTime: null, signer: null, kind: 'signature', timestamp: null, isSelfSigned: false } as const;

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
          signatures: [{ ...bare, isValid: true, coversWholeFile: false }],
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
    mockApi({
      [VERIFY]: {
        body: { verdict: 'noSignature', sha256: 'ff00', signatures: [], sealedDocument: null, evidence: NO_EVIDENCE },
      },
    });
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
          signatures: [{ ...bare, isValid: false, coversWholeFile: true }],
          sealedDocument: null,
          evidence: NO_EVIDENCE,
        },
      },
    });
    const { user } = renderWithProviders(<VerifyPage />);
    await choose(user, pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('Signature not valid');
    expect(screen.getByText(/Invalid signature, covering the whole file\./)).toBeInTheDocument();
  });

  it('tells the whole story of a B-LTA file: level, trusted times and authorities, validation data, updates, audit trail', async () => {
    const stamp = { time: '2026-11-20T10:00:05.000Z', authority: 'CN=Test TSA' };
    mockApi({
      [VERIFY]: {
        body: {
          ...SEALED,
          signatures: [
            { ...SEALED.signatures[0], coversWholeFile: false, timestamp: stamp },
            { ...bare, isValid: true, coversWholeFile: true, kind: 'documentTimestamp', timestamp: stamp },
          ],
          evidence: {
            level: 'B-LTA',
            validationData: {
              certificates: 4,
              ocspResponses: 2,
              crls: 0,
              ocsp: [{ status: 'good', producedAt: '2026-11-20T10:00:06.000Z' }],
            },
            updates: [
              { kinds: ['signature', 'page'], isCovered: true },
              { kinds: ['validationData'], isCovered: true },
              { kinds: ['documentTimestamp'], isCovered: true },
            ],
            auditTrail: { match: 'matches', events: 7, brokenAtEvent: null },
          },
        },
      },
    });
    const { user } = renderWithProviders(<VerifyPage />);
    await choose(user, pdf());
    expect(await screen.findByRole('heading', { name: 'What this file proves' })).toBeInTheDocument();
    const time = userDates({ dateFormat: 'MM/DD/YYYY', timezone: null }).dateTime(stamp.time);
    for (const text of [
      /Level B-LTA: as B-LT, sealed by an archive timestamp/,
      `Trusted time of the signature: ${time}, issued by CN=Test TSA.`,
      `Archive timestamp: ${time}, issued by CN=Test TSA.`,
      'Inside the file to check it later: 4 certificates, 2 OCSP answers, 0 revocation lists.',
      /the certificate was not revoked/,
      "The seal's certificate was issued by CN=eSign CA.",
      "The audit trail inside the file matches this service's records (7 events).",
      'Update 1: a signature, a page, covered by a signature or timestamp.',
      'Update 2: validation data, covered by a signature or timestamp.',
      'Update 3: a document timestamp, covered by a signature or timestamp.',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it('says when the audit trail was changed after it was written, and what a self-signed seal proves', async () => {
    mockApi({
      [VERIFY]: {
        body: {
          ...SEALED,
          signatures: [{ ...SEALED.signatures[0], isSelfSigned: true }],
          evidence: { ...SEALED.evidence, auditTrail: { match: 'changed', events: 5, brokenAtEvent: 2 } },
        },
      },
    });
    const { user } = renderWithProviders(<VerifyPage />);
    await choose(user, pdf());
    expect(await screen.findByText('The audit trail was changed after it was written.')).toBeInTheDocument();
    expect(screen.getByText('The first event that no longer matches is number 2.')).toBeInTheDocument();
    expect(
      screen.getByText(/Level B-B: signed\. The signing time is only the signer's own claim\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/certificate is self-signed: it proves the file has not changed since it was sealed/),
    ).toBeInTheDocument();
    expect(screen.getByText(/No revocation data inside the file/)).toBeInTheDocument();
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
