// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { PublicFormPage } from './PublicFormPage';

const FORM_ID = '11111111-1111-4111-8111-111111111111';
const DOCUMENT_ID = '22222222-2222-4222-8222-222222222222';
const FORM = { id: FORM_ID, title: 'Volunteer <b>agreement</b>', pageCount: 2, pdfUrl: null, firstPage: null };
const FORM_PATH = `GET /document_sign/form-requests/${FORM_ID}`;
const SUBMIT_PATH = `POST /document_sign/form-requests/${FORM_ID}/create-document`;

function renderForm() {
  return renderWithProviders(<PublicFormPage />, {
    route: `/form-requests/${FORM_ID}/send`,
    path: '/form-requests/:formRequestId/send',
  });
}

describe('PublicFormPage', () => {
  it("shows the form's title as text and its page count", async () => {
    mockApi({ [FORM_PATH]: { body: FORM } });
    renderForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Volunteer <b>agreement</b>' })).toBeInTheDocument();
    expect(screen.getByText('2 pages')).toBeInTheDocument();
  });

  it('says a form that is not live is not available', async () => {
    mockApi({ [FORM_PATH]: { status: 404, body: { code: 'NOT_FOUND', message: MESSAGES.formNotAvailable } } });
    renderForm();
    expect(await screen.findByRole('heading', { name: MESSAGES.formNotAvailable })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign now' })).toBeNull();
  });

  it('says its own sentence for another refusal than a missing form', async () => {
    mockApi({ [FORM_PATH]: { status: 429, body: { code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests } } });
    renderForm();
    expect(await screen.findByRole('heading', { name: MESSAGES.tooManyRequests })).toBeInTheDocument();
  });

  it('checks a field when it is left, and sends nothing while a field is wrong', async () => {
    const api = mockApi({ [FORM_PATH]: { body: FORM } });
    const { user } = renderForm();
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'not-an-address');
    // Not shown before the field is left.
    expect(screen.queryByText(MESSAGES.invalidEmail)).toBeNull();
    await user.tab();
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    // The name, never touched, says nothing yet.
    expect(name).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Sign now' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(api.sent(SUBMIT_PATH)).toEqual([]);
  });

  it('clears a field error as soon as the field is right', async () => {
    mockApi({ [FORM_PATH]: { body: FORM } });
    const { user } = renderForm();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(email, 'ada@');
    await user.tab();
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    await user.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText(MESSAGES.invalidEmail)).toBeNull());
  });

  it("sends the visitor's name and e-mail, keeps their token for the tab and opens their signer page", async () => {
    const api = mockApi({
      [FORM_PATH]: { body: FORM },
      [SUBMIT_PATH]: {
        body: { documentId: DOCUMENT_ID, signerId: '33333333-3333-4333-8333-333333333333', signAccessToken: 'tok-1' },
      },
    });
    const { user, location } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign now' }));
    await waitFor(() => expect(location.current).toBe(`/documents/${DOCUMENT_ID}/sign`));
    expect(api.sent(SUBMIT_PATH).map((r) => r.body)).toEqual([
      { signer: { name: 'Ada Lovelace', email: 'ada@example.com' } },
    ]);
    expect(sessionStorage.getItem(`esign.signAccessToken.${DOCUMENT_ID}`)).toBe('tok-1');
  });

  it("shows the server's field errors on their fields", async () => {
    mockApi({
      [FORM_PATH]: { body: FORM },
      [SUBMIT_PATH]: {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          errors: [
            {
              property: 'signer',
              constraints: {},
              children: [{ property: 'email', constraints: { isEmail: MESSAGES.invalidEmail }, children: [] }],
            },
          ],
        },
      },
    });
    const { user, location } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign now' }));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(location.current).toBe(`/form-requests/${FORM_ID}/send`);
  });

  it('says any other refusal below the form, and the visitor may try again', async () => {
    mockApi({
      [FORM_PATH]: { body: FORM },
      [SUBMIT_PATH]: { status: 429, body: { code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests } },
    });
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    const submit = screen.getByRole('button', { name: 'Sign now' });
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.tooManyRequests);
    expect(submit).toBeEnabled();
  });
});
