import { describe, expect, it } from 'vitest';
import { fittedFontSize } from './label-fit';

describe("a field label's font size", () => {
  it('keeps the field font size when the label fits', () => {
    expect(fittedFontSize('Sign', 110, 12)).toBe(12);
  });

  it('shrinks a long word to the box (German on a small signature field), never under 7 px', () => {
    const size = fittedFontSize('Unterschreiben', 80, 12);
    expect(size).toBeLessThan(12);
    expect(size * 0.6 * 'Unterschreiben'.length).toBeLessThanOrEqual(80 - 6 + 1e-9);
    expect(fittedFontSize('Unterschreiben', 10, 12)).toBe(7);
  });
});
