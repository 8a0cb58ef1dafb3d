import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { pdfWithText } from '../../../test/found-fields-files.js';
import { braceCheck, hasBraceByte, mapsBrace } from './brace-fonts.js';

describe('braceCheck: which pages may show a text tag', () => {
  it('reads only the pages whose content can draw an opening brace', async () => {
    const pdf = await PDF.load(await pdfWithText([{ text: 'Signed by {{signature:1}}', x: 72, y: 700 }]));
    pdf.addPage({ size: 'letter' }).drawText('No tag here (none at all)', { x: 72, y: 700, size: 12 });
    const mayHoldTag = braceCheck(pdf);
    expect(pdf.getPages().map(mayHoldTag)).toEqual([true, false]);
  });

  it('finds U+007B in a ToUnicode map, in a bfchar, a bfrange or a bfrange array', () => {
    const bfchar = (target: string) => `1 beginbfchar\n<05> <${target}>\nendbfchar`;
    const bfrange = (low: string, high: string, target: string) =>
      `1 beginbfrange\n<${low}> <${high}> ${target}\nendbfrange`;
    expect(mapsBrace(bfchar('007B'))).toBe(true);
    expect(mapsBrace(bfchar('007D'))).toBe(false);
    expect(mapsBrace(bfrange('20', '7E', '<0020>'))).toBe(true);
    expect(mapsBrace(bfrange('20', '7A', '<0020>'))).toBe(false);
    expect(mapsBrace(bfrange('01', '02', '[<0041> <007b>]'))).toBe(true);
    expect(mapsBrace(`${bfchar('0041')}\n${bfrange('01', '03', '[<0042> <0043> <0044>]')}`)).toBe(false);
  });

  it("finds a one-byte font's brace in a literal string, also after a '<' in it, and in a hexadecimal string", () => {
    // The cause of a missed tag: a '<' inside a literal string was read as a hexadecimal string up to the next '>',
    // and the brace between them was skipped.
    const bytes = (content: string) => new TextEncoder().encode(content);
    expect(hasBraceByte(bytes('BT (a < b {{signature:1}} c > d) Tj ET'))).toBe(true);
    expect(hasBraceByte(bytes('BT <7b7b> Tj ET'))).toBe(true);
    expect(hasBraceByte(bytes('BT (a \\173) Tj ET'))).toBe(true);
    // Read pair by pair, white space between digits ignored: 41 7B 42 holds one, 47 B0 does not.
    expect(hasBraceByte(bytes('BT <41 7\nB42> Tj ET'))).toBe(true);
    expect(hasBraceByte(bytes('BT <47B> Tj <20> Tj ET'))).toBe(false);
    expect(hasBraceByte(bytes('<< /Type /XObject >> BT (a < b) Tj <414243> Tj ET'))).toBe(false);
  });
});
