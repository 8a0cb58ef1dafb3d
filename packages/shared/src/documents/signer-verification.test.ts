import { describe, expect, it } from 'vitest';
import { maskPhone, normalizePhone } from './phone-numbers.js';
import { channelsOf, isVerificationCodeShape, maskEmail, needsPhone } from './signer-verification.js';

describe('signer verification rules', () => {
  it('masks an address to its first character and domain', () => {
    expect(maskEmail('jane@example.com')).toBe('j•••@example.com');
    expect(maskEmail('j@example.com')).toBe('j•••@example.com');
    expect(maskEmail('nonsense')).toBe('•••');
  });

  it('masks a number to its country code and last two digits', () => {
    expect(maskPhone('+33612345612')).toBe('+33 ••• •• 12');
    expect(maskPhone('+14155550123')).toBe('+1 ••• •• 23');
  });

  it('accepts only valid numbers with their country code, in E.164', () => {
    expect(normalizePhone('+33 6 12 34 56 12')).toBe('+33612345612');
    expect(normalizePhone('06 12 34 56 12')).toBeNull();
    expect(normalizePhone('+33 12')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });

  it('names the channels of each choice', () => {
    expect(channelsOf('none')).toEqual([]);
    expect(channelsOf('email')).toEqual(['email']);
    expect(channelsOf('sms')).toEqual(['sms']);
    expect(channelsOf('email_sms')).toEqual(['email', 'sms']);
    expect(needsPhone('email')).toBe(false);
    expect(needsPhone('email_sms')).toBe(true);
  });

  it('takes six digits as a code', () => {
    expect(isVerificationCodeShape('012345')).toBe(true);
    expect(isVerificationCodeShape('12345')).toBe(false);
    expect(isVerificationCodeShape('12345a')).toBe(false);
  });
});

describe('the bulk CSV phone column (issue 38)', () => {
  it('finds the column by its header and gives each row its number, refusing a number that is not one', async () => {
    const { bulkCsvPhoneColumn, mapBulkCsvSigners } = await import('./bulk-csv.js');
    const header = ['Name', 'Email', 'Mobile'];
    expect(bulkCsvPhoneColumn(header)).toBe(2);
    expect(bulkCsvPhoneColumn(['Name', 'Email'])).toBeUndefined();
    const mapped = mapBulkCsvSigners(
      {
        header,
        rows: [
          ['Jane', 'jane@example.com', '+33 6 12 34 56 12'],
          ['Bob', 'bob@example.com', ''],
          ['Eve', 'eve@example.com', '0612'],
        ],
      },
      { nameColumn: 0, emailColumn: 1, phoneColumn: 2 },
    );
    if (!mapped.ok) throw new Error(mapped.message);
    expect(mapped.signers.map((signer) => [signer.name, signer.phone])).toEqual([
      ['Jane', '+33612345612'],
      ['Bob', undefined],
    ]);
    expect(mapped.errors.map((error) => error.row)).toEqual([4]);
  });
});
