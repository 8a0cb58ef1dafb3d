import { describe, expect, it } from 'vitest';
import { expiryChoices, expiryDaysChoice, expiryDaysOf, NO_EXPIRY } from './default-expiry';

describe("a template's default expiry in its setup", () => {
  it('holds none as its own choice and a number of days as text, and gives them back', () => {
    expect(expiryDaysChoice(null)).toBe(NO_EXPIRY);
    expect(expiryDaysChoice(undefined)).toBe(NO_EXPIRY);
    expect(expiryDaysChoice(30)).toBe('30');
    expect(expiryDaysOf(NO_EXPIRY)).toBeNull();
    expect(expiryDaysOf('30')).toBe(30);
  });

  it('offers from 1 to 365 days, adding a value set through the API in its place', () => {
    expect(expiryChoices(NO_EXPIRY)).toEqual([1, 3, 7, 14, 30, 60, 90, 180, 365]);
    expect(expiryChoices('30')).toEqual([1, 3, 7, 14, 30, 60, 90, 180, 365]);
    expect(expiryChoices('45')).toEqual([1, 3, 7, 14, 30, 45, 60, 90, 180, 365]);
  });
});
