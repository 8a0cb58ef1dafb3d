import { MESSAGES, SIGNER_MESSAGES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { loadPublicTexts } from './index';
import { messageKeyOf, translateMessage } from './translate-message';

const shout = (key: string) => `[${key}]`;

describe('translateMessage', () => {
  it("knows the signer's sentences at once and every other once the logged-out pages' texts are loaded", async () => {
    expect(messageKeyOf(SIGNER_MESSAGES.somethingWentWrong)).toBe('somethingWentWrong');
    await loadPublicTexts();
    expect(messageKeyOf(MESSAGES.passwordMismatch)).toBe('passwordMismatch');
    expect(messageKeyOf('Token expired!')).toBe('tokenExpired');
  });

  it('translates a known message through its key', async () => {
    await loadPublicTexts();
    expect(translateMessage(MESSAGES.invalidEmail, shout)).toBe('[messages.invalidEmail]');
  });

  it('returns an unknown message unchanged', () => {
    expect(translateMessage('Something else entirely', shout)).toBe('Something else entirely');
    expect(messageKeyOf('required')).toBeUndefined();
  });
});
