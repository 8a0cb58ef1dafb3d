import { describe, expect, it } from 'vitest';
import { defaultInitials, fitFontSize } from './typed-signature';

describe('defaultInitials', () => {
  it('takes the first letters of the first two words, upper-cased', () => {
    expect(defaultInitials('Ada Lovelace')).toBe('AL');
    expect(defaultInitials('  grace   brewster murray hopper ')).toBe('GB');
    expect(defaultInitials('Plato')).toBe('P');
    expect(defaultInitials('')).toBe('');
    expect(defaultInitials('élodie ørsted')).toBe('ÉØ');
  });
});

describe('fitFontSize', () => {
  // A text 10 px wide per font pixel.
  const measure = (size: number) => size * 10;

  it('keeps 36 px when the text fits the container minus 40 px', () => {
    expect(fitFontSize(measure, 400)).toBe(36);
  });

  it('shrinks until the text fits the container minus 40 px', () => {
    expect(fitFontSize(measure, 340)).toBe(30);
    expect(fitFontSize(measure, 339)).toBe(29);
  });

  it('stops at the smallest size', () => {
    expect(fitFontSize(measure, 50)).toBe(8);
  });
});
