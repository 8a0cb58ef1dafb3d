/**
 * The font size at which a field's label fits its box's width (a long word of another language, 'Unterschreiben',
 * on a small signature box), never larger than `fontSize` nor under 7 px; an average glyph is taken as 0.6 em wide.
 */
export function fittedFontSize(text: string, boxWidth: number, fontSize: number): number {
  const room = Math.max(0, boxWidth - 6);
  return Math.max(7, Math.min(fontSize, room / (Math.max(1, text.length) * 0.6)));
}
