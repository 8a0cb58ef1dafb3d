// A field's label was drawn in its signer's own colour on that colour's tint: orange on white is 2.4:1, under the
// 4.5:1 a small text needs, and axe found it on the preview whenever the page's canvas had not been drawn yet.
import { describe, expect, it } from 'vitest';
import { contrastRatio, SIGNER_CSS_COLORS, signerTextColor, tintOverWhite } from './signer-colors';

describe('signerTextColor', () => {
  it.each(Object.entries(SIGNER_CSS_COLORS))('%s reads at 4.5:1 or more on its own tint', (_name, color) => {
    const text = signerTextColor(color);
    expect(contrastRatio(text, tintOverWhite(color))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already reads, and darkens one that does not', () => {
    expect(signerTextColor('#1a3d8f')).toBe('#1a3d8f');
    expect(signerTextColor('#f08c00')).not.toBe('#f08c00');
    expect(contrastRatio('#f08c00', '#ffffff')).toBeLessThan(4.5);
  });
});
