import { FIELD_KINDS, MESSAGES } from '@esign/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAppTexts, loadPublicTexts, type TranslationKey, t } from './index';

describe('t', () => {
  it("reads a text by its dotted key, the signer's spec messages included; the others with the public texts", async () => {
    expect(t('common.close')).toBe('Close');
    expect(t('messages.somethingWentWrong')).toBe(MESSAGES.somethingWentWrong);
    await loadPublicTexts();
    expect(t('messages.invalidEmail')).toBe(MESSAGES.invalidEmail);
  });

  it('fills placeholders', () => {
    expect(t('signing.pageOf', { page: 2, count: 5 })).toMatch(/2.*5/);
  });

  it('picks the plural variant by count', () => {
    expect(t('signing.fieldsLeft', { count: 1 })).toBe('1 field left');
    expect(t('signing.fieldsLeft', { count: 3 })).toBe('3 fields left');
    expect(t('signing.fieldsLeft', { count: 0 })).toBe('0 fields left');
  });

  it('names every field type', () => {
    expect(Object.values(FIELD_KINDS).map((kind) => t(kind.labelKey))).toEqual([
      'Signature',
      'Initials',
      'Date',
      'Text',
      'Checkbox',
      'Number',
      'Name',
      'E-mail',
      'Company',
      'Dropdown',
      'Radio buttons',
      'Phone',
      'Web address',
      'Formula',
      'Multiple choice',
      'Stamp',
      'Attachment',
    ]);
  });

  it('shows an unknown key as it is', () => {
    expect(t('common.noSuchText' as TranslationKey)).toBe('common.noSuchText');
  });
});

describe('billing and team texts', () => {
  beforeAll(loadAppTexts);

  it("read as English: a plural for one seat, and the plan's real period", () => {
    // Cause: 'Your plan covers {{covered}} users' had no singular, and the plan change said 'for $30.00 a period'.
    expect(t('team.seatNote', { count: 1, price: '$10.00/month', now: '$5.00' })).toMatch(
      /^Your plan covers 1 user\. /,
    );
    expect(t('team.seatNote', { count: 3, price: '$10.00/month', now: '$5.00' })).toMatch(
      /^Your plan covers 3 users\. /,
    );
    expect(t('billing.confirmPaid.monthly', { plan: 'Personal', price: '$30.00' })).toContain('for $30.00 a month?');
    expect(t('billing.confirmPaid.annually', { plan: 'Personal', price: '$288.00' })).toContain('for $288.00 a year?');
  });
});
