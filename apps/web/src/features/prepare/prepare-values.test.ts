import type { Document } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { formValuesOf, prepareRequest } from './prepare-values';

const saved = {
  title: 'Lease',
  message: null,
  isOrdered: true,
  language: 'de',
  signers: [
    { id: 'p', name: 'Ada', email: 'ada@example.com', isPreparer: true, order: -1 },
    { id: 'b', name: 'Bob', email: 'bob@example.com', isPreparer: false, order: 1 },
  ],
} as unknown as Document;

describe('prepare form values', () => {
  it('starts a new form with two empty signer rows (none for Only Me)', () => {
    expect(formValuesOf('others', undefined).signers).toHaveLength(2);
    expect(formValuesOf('me_and_other', undefined).signers).toHaveLength(2);
    expect(formValuesOf('me', undefined).signers).toEqual([]);
  });

  it('fills the form from a saved draft without the preparer', () => {
    expect(formValuesOf('me_and_other', saved)).toEqual({
      title: 'Lease',
      message: '',
      isOrdered: true,
      language: 'de',
      signers: [{ id: 'b', name: 'Bob', email: 'bob@example.com', verification: 'none', phone: null }],
    });
  });

  it('sends the signers in their order from 1, with their ids when they exist', () => {
    const request = prepareRequest({
      title: ' Lease ',
      message: '  ',
      isOrdered: false,
      language: 'fr',
      signers: [
        { name: 'Carol', email: 'carol@example.com' },
        { id: 'b', name: 'Bob', email: 'bob@example.com' },
      ],
    });
    expect(request).toEqual({
      title: 'Lease',
      message: null,
      isOrdered: false,
      language: 'fr',
      signers: [
        {
          name: 'Carol',
          email: 'carol@example.com',
          isPreparer: false,
          order: 1,
          recipientRole: 'signer',
          step: 1,
          verification: 'none',
          phone: null,
        },
        {
          id: 'b',
          name: 'Bob',
          email: 'bob@example.com',
          isPreparer: false,
          order: 2,
          recipientRole: 'signer',
          step: 2,
          verification: 'none',
          phone: null,
        },
      ],
    });
  });

  it('sends each recipient with its role and its step, numbered from 1 without gaps (issue 36)', () => {
    const request = prepareRequest({
      title: 'Resolution',
      message: '',
      isOrdered: true,
      language: null,
      signers: [
        { name: 'Lena', email: 'lena@example.com', recipientRole: 'approver', step: 3 },
        { name: 'Dora', email: 'dora@example.com', step: 5 },
        { name: 'Dan', email: 'dan@example.com', step: 5 },
        { name: 'Cy', email: 'cy@example.com', recipientRole: 'cc' },
      ],
    });
    expect(request.signers.map(({ recipientRole, step }) => [recipientRole, step])).toEqual([
      ['approver', 1],
      ['signer', 3],
      ['signer', 3],
      ['cc', 2],
    ]);
  });
});

describe('the identity check of each recipient (issue 38)', () => {
  it('sends the check and the number only when an SMS code needs one', () => {
    const request = prepareRequest({
      title: 'Lease',
      message: '',
      isOrdered: false,
      language: null,
      signers: [
        { name: 'Jane', email: 'jane@example.com', verification: 'sms', phone: ' +33 6 12 34 56 12 ' },
        { name: 'Bob', email: 'bob@example.com', verification: 'email', phone: '' },
      ],
    });
    expect(request.signers.map(({ verification, phone }) => [verification, phone])).toEqual([
      ['sms', '+33 6 12 34 56 12'],
      ['email', null],
    ]);
  });
});
