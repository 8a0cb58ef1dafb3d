import { describe, expect, it } from 'vitest';
import { appSumoCode, cardForm, passesLuhn, paymentSurveyAnswer } from '../contracts/billing.js';
import { MESSAGES } from '../validation/messages.js';

const good = {
  number: '4242 4242 4242 4242',
  expirationDate: '12/2099',
  cvv: '123',
  cardholderName: 'Ada Lovelace',
  postalCode: '10115',
};

/** The first message each field gets for `changes`. */
function messagesOf(changes: Partial<Record<keyof typeof good, unknown>>): Record<string, string> {
  const result = cardForm.safeParse({ ...good, ...changes });
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('the card form (section 5)', () => {
  it('accepts a 16-digit number with its mask spaces and a 15-digit one, and drops the spaces', () => {
    expect(cardForm.parse(good).number).toBe('4242424242424242');
    expect(cardForm.parse({ ...good, number: '378282246310005' }).number).toHaveLength(15);
  });

  it('gives each rule its message', () => {
    expect(messagesOf({ number: '' })).toEqual({ number: MESSAGES.required });
    expect(messagesOf({ number: '4242-4242' })).toEqual({ number: MESSAGES.onlyDigitsAllowed });
    expect(messagesOf({ number: '424242424242' })).toEqual({ number: MESSAGES.cardNumberLength });
    expect(messagesOf({ number: '4242424242424241' })).toEqual({ number: MESSAGES.cardNumberInvalid });
    expect(messagesOf({ expirationDate: '' })).toEqual({ expirationDate: MESSAGES.required });
    expect(messagesOf({ expirationDate: '13/2099' })).toEqual({ expirationDate: MESSAGES.invalidDate });
    expect(messagesOf({ expirationDate: '1/2099' })).toEqual({ expirationDate: MESSAGES.invalidDate });
    expect(messagesOf({ expirationDate: '01/20' })).toEqual({ expirationDate: MESSAGES.expirationInFuture });
    expect(messagesOf({ cvv: '12' })).toEqual({ cvv: MESSAGES.cvvLength });
    expect(messagesOf({ cvv: '12345' })).toEqual({ cvv: MESSAGES.cvvLength });
    expect(messagesOf({ cardholderName: '' })).toEqual({ cardholderName: MESSAGES.required });
    expect(messagesOf({ cardholderName: '12 Monkeys' })).toEqual({ cardholderName: MESSAGES.incorrectName });
    expect(messagesOf({ postalCode: '' })).toEqual({ postalCode: MESSAGES.required });
    expect(messagesOf({ postalCode: '12345678901' })).toEqual({ postalCode: MESSAGES.postalCodeLength });
  });

  it('reads MM/YY as well as MM/YYYY', () => {
    expect(cardForm.safeParse({ ...good, expirationDate: '12/99' }).success).toBe(true);
  });

  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
  });
});

describe('the AppSumo code and the payment survey', () => {
  it('takes a code of exactly 10 word characters', () => {
    expect(appSumoCode.safeParse('Abc_123xyZ').success).toBe(true);
    for (const bad of ['Abc_123xy', 'Abc_123xyZZ', 'Abc-123xyZ']) {
      expect(appSumoCode.safeParse(bad).error?.issues[0]?.message).toBe(MESSAGES.appSumoCodeFormat);
    }
  });

  it("takes one of the options; 'Other' needs its text", () => {
    expect(paymentSurveyAnswer.safeParse({ option: 'Referral' }).success).toBe(true);
    expect(paymentSurveyAnswer.safeParse({ option: 'Other', other: 'A podcast' }).success).toBe(true);
    expect(paymentSurveyAnswer.safeParse({ option: 'Other' }).error?.issues[0]?.message).toBe(
      MESSAGES.surveyOtherRequired,
    );
    expect(paymentSurveyAnswer.safeParse({ option: 'TV' }).success).toBe(false);
  });
});
