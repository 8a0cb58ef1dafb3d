// @vitest-environment happy-dom
import type { ErasureAnswer } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { RetentionPage } from './RetentionPage';

const NONE = {
  recipients: 0,
  templateRecipients: 0,
  signingLinks: 0,
  sharedWith: 0,
  bulkSendRows: 0,
  mails: 0,
  activities: 0,
  events: 0,
  apiAnswers: 0,
};

function erasureAnswer(dryRun: boolean): ErasureAnswer {
  return {
    dryRun,
    isRepeated: false,
    replaced: { ...NONE, recipients: 2, signingLinks: 1 },
    kept: [
      {
        id: '6f1c1c0e-93a4-4b63-9a4e-0d0d5bf1a001',
        title: 'Signed NDA',
        status: 'completed',
        reason: 'sealedEvidence',
      },
    ],
    removed: [],
  };
}

describe('RetentionPage', () => {
  it('saves a number of days in place of forever', async () => {
    const api = mockApi({
      'GET /user/retention': { body: { retentionDays: null, legalHoldAt: null } },
      'PUT /user/retention': (request) => ({ body: { ...(request.body as object), legalHoldAt: null } }),
    });
    const { user } = renderWithProviders(<RetentionPage />, { route: '/settings/retention' });
    expect(await screen.findByLabelText('Keep documents forever')).toBeChecked();
    await user.click(screen.getByLabelText('Remove after a number of days'));
    const days = screen.getByLabelText('Days kept after a document ends');
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT /user/retention')).toHaveLength(1));
    expect(api.sent('PUT /user/retention')[0]?.body).toEqual({ retentionDays: 90, legalHold: false });
  });

  it('erases a person only after the confirm step, which lists what will happen and what is kept', async () => {
    const api = mockApi({
      'GET /user/retention': { body: { retentionDays: null, legalHoldAt: null } },
      'POST /user/erasures': (request) => ({ body: erasureAnswer((request.body as { dryRun: boolean }).dryRun) }),
    });
    const { user } = renderWithProviders(<RetentionPage />, { route: '/settings/retention' });
    await user.type(await screen.findByLabelText('E-mail address'), 'eve@example.com');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase eve@example.com?' });
    expect(within(dialog).getByText('Recipients replaced in documents: 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Signing links that stop working: 1')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Signed NDA: completed and sealed, kept as evidence of what was signed'),
    ).toBeInTheDocument();
    expect(api.sent('POST /user/erasures').map((request) => request.body)).toEqual([
      { email: 'eve@example.com', includeCompleted: false, dryRun: true },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(api.sent('POST /user/erasures')).toHaveLength(2));
    expect(api.sent('POST /user/erasures')[1]?.body).toEqual({
      email: 'eve@example.com',
      includeCompleted: false,
      dryRun: false,
    });
  });
});
