import { describe, expect, it } from 'vitest';
import { flattenValidationErrors } from '../api/errors.js';
import { signUpRequest } from '../contracts/auth.js';
import { email, hasNoControlCharacters, newPassword, personName, withoutBidiControls } from './inputs.js';
import { MESSAGES } from './messages.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('field rules', () => {
  it('normalises e-mail addresses', () => {
    expect(email.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(messages(email.safeParse('ada@'))).toEqual([MESSAGES.invalidEmail]);
    expect(messages(email.safeParse(''))).toEqual([MESSAGES.required]);
  });

  it('accepts names in any script and trims them', () => {
    expect(personName.parse('  José  María ')).toBe('José María');
    expect(personName.parse('Zoë O’Brien-Smith'.replace('’', "'"))).toBe("Zoë O'Brien-Smith");
    expect(personName.parse('李小龍')).toBe('李小龍');
    expect(messages(personName.safeParse('1337'))).toEqual([MESSAGES.incorrectName]);
  });

  it('gives each password rule its own message', () => {
    expect(newPassword.safeParse('s3cret!').success).toBe(true);
    expect(messages(newPassword.safeParse('abc'))).toEqual([MESSAGES.passwordMinLength, MESSAGES.passwordDigit]);
    expect(messages(newPassword.safeParse('pass word1'))).toEqual([MESSAGES.passwordCharacters]);
  });

  it('reports every field of a request', () => {
    const result = signUpRequest.safeParse({ name: '', email: 'x', password: 'abcdefg' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [],
    );
    expect(byField).toEqual({
      name: MESSAGES.required,
      email: MESSAGES.invalidEmail,
      password: MESSAGES.passwordDigit,
    });
  });
});

describe('flattenValidationErrors', () => {
  it('maps nested errors to dotted paths with their first message', () => {
    expect(
      flattenValidationErrors([
        { property: 'name', constraints: { too_small: 'Required', custom: 'Other' }, children: [] },
        {
          property: 'signers',
          constraints: {},
          children: [
            {
              property: '0',
              constraints: {},
              children: [{ property: 'email', constraints: { a: 'Bad' }, children: [] }],
            },
          ],
        },
      ]),
    ).toEqual({ name: 'Required', 'signers.0.email': 'Bad' });
  });
});

describe('hasNoControlCharacters', () => {
  it('refuses NUL and the other control characters, and keeps tab, line breaks and any script', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u0008', '\u000B', '\u000C', '\u001F', '\u007F']) {
      expect(hasNoControlCharacters(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'tab\there', 'line\nbreak\r\n', 'Zoë Ünal', 'محمد رضا', '日本語', '🙂']) {
      expect(hasNoControlCharacters(good), good).toBe(true);
    }
  });
});

describe('withoutBidiControls', () => {
  it('removes the bidirectional marks, embeddings, overrides and isolates, and keeps joiners and RTL letters', () => {
    const controls = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E'];
    const isolates = ['\u2066', '\u2067', '\u2068', '\u2069'];
    expect(withoutBidiControls(`a${[...controls, ...isolates].join('')}b.pdf`)).toBe('ab.pdf');
    expect(withoutBidiControls('עקד\u200Dחוזה\u200C.pdf')).toBe('עקד\u200Dחוזה\u200C.pdf');
  });
});
