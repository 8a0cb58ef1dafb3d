import { FIELD_KINDS, MESSAGES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { type TranslationKey, t } from './index';

describe('t', () => {
  it('reads a text by its dotted key, the spec messages included', () => {
    expect(t('common.close')).toBe('Close');
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
    ]);
  });

  it('shows an unknown key as it is', () => {
    expect(t('common.noSuchText' as TranslationKey)).toBe('common.noSuchText');
  });
});
