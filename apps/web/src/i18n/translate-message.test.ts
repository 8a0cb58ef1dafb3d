import { MESSAGES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { messageKeyOf, translateMessage } from './translate-message';

const shout = (key: string) => `[${key}]`;

describe('translateMessage', () => {
  it('finds the key of a spec message', () => {
    expect(messageKeyOf(MESSAGES.passwordMismatch)).toBe('passwordMismatch');
    expect(messageKeyOf('Token expired!')).toBe('tokenExpired');
  });

  it('translates a known message through its key', () => {
    expect(translateMessage(MESSAGES.invalidEmail, shout)).toBe('[messages.invalidEmail]');
  });

  it('returns an unknown message unchanged', () => {
    expect(translateMessage('Something else entirely', shout)).toBe('Something else entirely');
    expect(messageKeyOf('required')).toBeUndefined();
  });
});
