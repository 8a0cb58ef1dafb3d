import { describe, expect, it } from 'vitest';
import { maskCardNumber, maskExpiry } from './card-masks';

describe('card masks', () => {
  it('groups up to 16 digits by 4 and drops anything else', () => {
    expect(maskCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(maskCardNumber('4242-42a42')).toBe('4242 4242');
    expect(maskCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
  });

  it('writes the expiry as MM/YYYY as it is typed', () => {
    expect(maskExpiry('1')).toBe('1');
    expect(maskExpiry('12')).toBe('12');
    expect(maskExpiry('1229')).toBe('12/29');
    expect(maskExpiry('12/20991')).toBe('12/2099');
  });
});
