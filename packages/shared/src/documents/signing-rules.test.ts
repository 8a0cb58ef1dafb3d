import { describe, expect, it } from 'vitest';
import { blankField } from './field-kinds.js';
import { earliestSigningDate, parseFieldDate, requiredUnsignedFields, safeRedirectionUrl } from './signing-rules.js';

describe('signing rules', () => {
  it('reads dates in each field format and refuses impossible ones', () => {
    expect(parseFieldDate('02/29/2028', 'MM/DD/YYYY')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseFieldDate('29/02/28', 'DD/MM/YY')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseFieldDate('02/29/2027', 'MM/DD/YYYY')).toBeNull();
    expect(parseFieldDate('13/01/2030', 'MM/DD/YYYY')).toBeNull();
    expect(parseFieldDate('01/02/30', 'MM/DD/YYYY')).toBeNull();
  });

  it('accepts the UTC date minus one day as the earliest signing date', () => {
    expect(earliestSigningDate(new Date('2030-03-01T05:00:00Z'))).toEqual({ year: 2030, month: 2, day: 28 });
  });

  it('follows only http and https redirection pages', () => {
    expect(safeRedirectionUrl('https://example.com/done?x=1')).toBe('https://example.com/done?x=1');
    expect(safeRedirectionUrl('http://example.com')).toBe('http://example.com');
    expect(safeRedirectionUrl('javascript:alert(1)')).toBeNull();
    expect(safeRedirectionUrl('JaVaScRiPt://example.com/%0aalert(1)')).toBeNull();
    expect(safeRedirectionUrl('//evil.example')).toBeNull();
    expect(safeRedirectionUrl('https://exa mple.com')).toBeNull();
    expect(safeRedirectionUrl(null)).toBeNull();
  });

  it('steps through required unsigned fields by page, then Y', () => {
    const field = (id: string, pageNumber: number, coordinateY: number, extra = {}) =>
      blankField({ id, type: 'text', pageNumber, coordinateY, ...extra });
    const steps = requiredUnsignedFields([
      field('c', 2, 10),
      field('b', 1, 500),
      field('a', 1, 20),
      field('done', 1, 1, { text: 'x' }),
      field('optional', 1, 2, { required: false }),
    ]);
    expect(steps.map((step) => step.id)).toEqual(['a', 'b', 'c']);
  });
});
