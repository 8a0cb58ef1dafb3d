// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { PasskeysSection } from './PasskeysSection';

const LAPTOP = {
  id: '4f1c1d2e-0000-4000-8000-000000000001',
  name: 'Laptop',
  createdAt: '2026-11-01T12:00:00.000Z',
  lastUsedAt: null,
};

beforeEach(() => {
  localStorage.setItem('esign.accessToken', 'access-1');
  localStorage.setItem('esign.refreshToken', 'refresh-1');
});

describe('PasskeysSection', () => {
  it('lists the passkeys, renames one, and removes it with the password (a wrong one shown in the dialog)', async () => {
    let passkeys = [LAPTOP];
    const api = mockApi({
      'GET /user': { body: { id: 'user-1', email: 'ada@example.com', name: 'Ada', dateFormat: 'DD/MM/YYYY' } },
      'GET /user/passkeys': () => ({ body: passkeys }),
      'PATCH /user/passkeys/:id': (request) => {
        passkeys = [{ ...LAPTOP, name: (request.body as { name: string }).name }];
        return { body: passkeys[0] };
      },
      'DELETE /user/passkeys/:id': (request) => {
        if ((request.body as { password: string }).password !== 'secret1') {
          return {
            status: 400,
            body: {
              code: 'VALIDATION_ERROR',
              message: MESSAGES.passwordIncorrect,
              errors: [{ property: 'password', constraints: { password: MESSAGES.passwordIncorrect }, children: [] }],
            },
          };
        }
        passkeys = [];
        return { body: { message: MESSAGES.passkeyRemoved } };
      },
    });
    const { user } = renderWithProviders(<PasskeysSection />);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Laptop');
    expect(list).toHaveTextContent('Not used yet');

    await user.click(within(list).getByRole('button', { name: 'Rename Laptop' }));
    const renaming = await screen.findByRole('dialog', { name: 'Rename Laptop' });
    const name = within(renaming).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, '  Work laptop ');
    await user.click(within(renaming).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Work laptop'));
    expect(api.sent(`PATCH /user/passkeys/${LAPTOP.id}`).map((request) => request.body)).toEqual([
      { name: 'Work laptop' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    const removing = await screen.findByRole('dialog', { name: 'Remove Work laptop' });
    await user.type(within(removing).getByLabelText('Password'), 'wrong');
    await user.click(within(removing).getByRole('button', { name: 'Remove' }));
    expect(await within(removing).findByRole('alert')).toHaveTextContent(MESSAGES.passwordIncorrect);
    await user.clear(within(removing).getByLabelText('Password'));
    await user.type(within(removing).getByLabelText('Password'), 'secret1');
    await user.click(within(removing).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeVisible();
    expect(api.sent(`DELETE /user/passkeys/${LAPTOP.id}`).map((request) => request.body)).toEqual([
      { password: 'wrong' },
      { password: 'secret1' },
    ]);
  });
});
