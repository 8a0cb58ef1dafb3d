/**
 * Normal form of a field's name as formulas and conditions refer to it: trimmed, inner spaces collapsed, lower case.
 * Apart from the formula parser (formula.ts), so a page that only shows or hides fields does not load the parser.
 */
export function formulaName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
