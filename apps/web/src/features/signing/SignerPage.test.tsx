// @vitest-environment happy-dom
import { MESSAGES, SIGN_ACCESS_TOKEN_HEADER } from '@esign/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSignAccessToken } from '../../api/client';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import SignerPage from './SignerPage';

const SIGNERS = 'GET /document_sign/documents/doc-1/signers';
const LINK_STATUS = 'GET /document_sign/documents/doc-1/link_status';

function renderPage(route = '/documents/doc-1/sign?signAccessToken=tok-1') {
  return renderWithProviders(<SignerPage />, { route, path: '/documents/:documentId/sign' });
}

// The page puts its token on every call while it is open; the next test starts without one.
afterEach(() => setSignAccessToken(null));

describe('SignerPage before the document opens', () => {
  it("says a refused link is no longer valid, naming the sender when the token was this document's", async () => {
    const api = mockApi({
      [SIGNERS]: { status: 404, body: { code: 'NOT_FOUND', message: MESSAGES.documentNotFound } },
      [LINK_STATUS]: { body: { senderName: 'Grace Hopper' } },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeInTheDocument();
    expect(await screen.findByText('Ask the sender, Grace Hopper, for a new link.')).toBeInTheDocument();
    // Every call carries the link's token.
    expect(api.sent(SIGNERS)[0]?.headers.get(SIGN_ACCESS_TOKEN_HEADER)).toBe('tok-1');
  });

  it('says so without a name for a link that was never issued', async () => {
    mockApi({
      [SIGNERS]: { status: 404, body: { code: 'NOT_FOUND', message: MESSAGES.documentNotFound } },
      [LINK_STATUS]: { body: { senderName: null } },
    });
    renderPage();
    expect(await screen.findByText(/Ask the person who sent you the document/)).toBeInTheDocument();
  });

  it('asks the server nothing without a token in the link or in the tab', async () => {
    const api = mockApi({});
    renderPage('/documents/doc-1/sign');
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeInTheDocument();
    expect(api.sent(SIGNERS)).toEqual([]);
  });

  it('offers to try again when the server fails, and opens once it answers', async () => {
    let isDown = true;
    mockApi({
      [SIGNERS]: () =>
        isDown
          ? { status: 500, body: { code: 'INTERNAL', message: MESSAGES.somethingWentWrong } }
          : {
              body: [
                { id: 'a', name: 'Ann Lee', email: 'ann@example.com' },
                { id: 'b', name: 'Ben Roe', email: 'ben@example.com' },
              ],
            },
    });
    const { user } = renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    isDown = false;
    await user.click(retry);
    expect(await screen.findByRole('dialog', { name: 'Signer selection' })).toBeInTheDocument();
  });

  it('asks whom the link acts for when it acts for several signers, then loads that signer', async () => {
    const api = mockApi({
      [SIGNERS]: {
        body: [
          { id: 'a', name: 'Ann Lee', email: 'ann@example.com' },
          { id: 'b', name: 'Ben Roe', email: 'ben@example.com' },
        ],
      },
      'GET /document_sign/signers/b/document/doc-1': {
        status: 403,
        body: { code: 'ACCESS_CODE_REQUIRED', message: MESSAGES.accessCodeRequired },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Ben Roe (ben@example.com)' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The chosen signer's document asks for its access code first.
    expect(await screen.findByRole('dialog', { name: 'Access code' })).toBeInTheDocument();
    await waitFor(() => expect(api.sent('GET /document_sign/signers/b/document/doc-1')).toHaveLength(1));
    expect(api.sent('GET /document_sign/signers/a/document/doc-1')).toEqual([]);
  });
});
