import { execFileSync } from 'node:child_process';
import { blankField } from '@esign/shared';
import { PDF } from '@libpdf/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../../../../test/documents.js';
import { changedBox, pdftotext, renderPage } from '../../../../test/poppler.js';
import { readPageSizes } from '../page-sizes.js';
import { PdfFonts } from './fonts.js';
import { type StampField, stampFields } from './stamp-fields.js';

const ROTATED = 'pdf/rotate_0_90_180_270_cropbox_qpdf_boxes.pdf';
const MIXED = 'pdf/mixed_page_sizes_6p.pdf';
const A3_270 = 'pdf/rotate270_A3_autocad_diagram.pdf';

function field(overrides: Partial<StampField>): StampField {
  const type = overrides.type ?? 'text';
  return {
    ...blankField({ id: 'stamped', type, width: 100, height: 30, fontFamily: null, fontSize: null }),
    image: null,
    ...overrides,
  };
}

async function stamp(source: Uint8Array, fields: (sizes: { width: number; height: number }[]) => StampField[]) {
  const pdf = await PDF.load(source);
  const sizes = readPageSizes(pdf).pages;
  const placed = fields(sizes);
  stampFields(pdf, new PdfFonts(pdf), placed);
  return { bytes: await pdf.save({ subsetFonts: true }), sizes, placed };
}

/** Left half black, right half transparent: where the black lands shows the picture's orientation. */
let halfBlackPng: Uint8Array;
beforeAll(async () => {
  const black = await sharp({ create: { width: 100, height: 50, channels: 4, background: '#000000ff' } })
    .png()
    .toBuffer();
  halfBlackPng = new Uint8Array(
    await sharp({ create: { width: 200, height: 50, channels: 4, background: '#00000000' } })
      .composite([{ input: black, left: 0, top: 0 }])
      .png()
      .toBuffer(),
  );
});

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(2);

describe('stampFields at the right place on every page size and rotation', { timeout: 120_000 }, () => {
  // Page 2 of the mixed file (2160 x 2160 points of dense drawing) takes seconds to render, so it is left out.
  const pagesOf: Record<string, number[]> = {
    [ROTATED]: [1, 2, 3, 4, 5, 6, 7, 8],
    [MIXED]: [1, 3, 4, 5, 6],
    [A3_270]: [1],
  };
  for (const file of [ROTATED, MIXED, A3_270]) {
    it(`draws a checked checkbox exactly over its box on each page of ${file}`, async () => {
      const source = new Uint8Array(corpusFile(file));
      const { bytes, placed } = await stamp(source, (sizes) =>
        (pagesOf[file] ?? []).map((pageNumber) => {
          const size = sizes[pageNumber - 1] ?? { width: 0, height: 0 };
          return field({
            type: 'checkbox',
            pageNumber,
            coordinateX: Math.round(size.width * 0.2),
            coordinateY: Math.round(size.height * 0.3),
            width: 40,
            height: 40,
            checked: true,
          });
        }),
      );
      for (const box of placed) {
        const changed = changedBox(renderPage(source, box.pageNumber), renderPage(bytes, box.pageNumber));
        expect(changed, `page ${box.pageNumber}`).not.toBeNull();
        near(changed?.x ?? -1, box.coordinateX);
        near(changed?.y ?? -1, box.coordinateY);
        near(changed?.width ?? -1, box.width);
        near(changed?.height ?? -1, box.height);
      }
    });
  }

  it('fits a signature picture into its box keeping its aspect ratio, upright on turned pages', async () => {
    const source = new Uint8Array(corpusFile(ROTATED));
    const { bytes, placed } = await stamp(source, (sizes) =>
      sizes.map((_, index) =>
        field({
          type: 'signature',
          pageNumber: index + 1,
          coordinateX: 150,
          coordinateY: 200,
          width: 100,
          height: 50,
          image: halfBlackPng,
        }),
      ),
    );
    for (const box of placed) {
      const changed = changedBox(renderPage(source, box.pageNumber), renderPage(bytes, box.pageNumber));
      // 200 x 50 fitted into 100 x 50 is 100 x 25, centred: its black left half is 50 x 25 at the box's left.
      near(changed?.x ?? -1, 150);
      near(changed?.y ?? -1, 200 + 12.5);
      near(changed?.width ?? -1, 50);
      near(changed?.height ?? -1, 25);
    }
  });

  it('writes text in its font and size inside its box, readable on every rotation', async () => {
    const source = new Uint8Array(corpusFile(ROTATED));
    const { bytes, placed } = await stamp(source, (sizes) =>
      sizes.map((_, index) =>
        field({
          type: index % 2 ? 'date' : 'text',
          pageNumber: index + 1,
          coordinateX: 120,
          coordinateY: 300,
          width: 160,
          height: 30,
          text: `Value${index + 1}`,
          fontFamily: 'timesNewRoman',
          fontSize: 18,
        }),
      ),
    );
    for (const box of placed) {
      const changed = changedBox(renderPage(source, box.pageNumber), renderPage(bytes, box.pageNumber));
      expect(changed).not.toBeNull();
      const inside = changed as NonNullable<typeof changed>;
      expect(inside.x).toBeGreaterThanOrEqual(box.coordinateX);
      expect(inside.y).toBeGreaterThanOrEqual(box.coordinateY);
      expect(inside.x + inside.width).toBeLessThanOrEqual(box.coordinateX + box.width);
      expect(inside.y + inside.height).toBeLessThanOrEqual(box.coordinateY + box.height);
      // 18 pt text: capitals and digits stand about 12 points tall.
      expect(inside.height).toBeGreaterThan(10);
      expect(pdftotext(bytes, { first: box.pageNumber, last: box.pageNumber })).toContain(`Value${box.pageNumber}`);
    }
    const fonts = execFileSync('pdffonts', ['-'], { input: bytes }).toString();
    expect(fonts).toMatch(/\+Tinos/);
  });

  it('draws glyphs the chosen font lacks (Cyrillic in a script font) with the fallback font', async () => {
    const source = new Uint8Array(corpusFile(MIXED));
    const { bytes } = await stamp(source, () => [
      field({
        pageNumber: 5,
        coordinateX: 50,
        coordinateY: 50,
        width: 300,
        text: 'Anna Привет',
        fontFamily: 'dancingScript',
      }),
    ]);
    expect(pdftotext(bytes, { first: 5, last: 5 })).toContain('Anna Привет');
    const fonts = execFileSync('pdffonts', ['-'], { input: bytes }).toString();
    expect(fonts).toMatch(/\+DancingScript/);
    expect(fonts).toMatch(/\+NotoSans/);
  });

  it('draws Arabic and Chinese typed text with Noto fallback fonts', async () => {
    const source = new Uint8Array(corpusFile(MIXED));
    const arabic = 'مرحبا';
    const chinese = '合同签名';
    const { bytes } = await stamp(source, () => [
      field({ pageNumber: 5, coordinateX: 50, coordinateY: 50, width: 300, text: arabic, fontFamily: 'arial' }),
      field({ pageNumber: 5, coordinateX: 50, coordinateY: 120, width: 300, text: chinese, fontFamily: 'arial' }),
    ]);
    const text = pdftotext(bytes, { first: 5, last: 5 });
    expect(text).not.toContain('?');
    expect(text).toContain(chinese);
    // Drawn unshaped (isolated letter forms, which read the same), so compare the letters, in either direction.
    const letters = [...text.normalize('NFKC')].filter((char) => /\p{Script=Arabic}/u.test(char)).join('');
    expect([arabic, [...arabic].reverse().join('')]).toContain(letters);
    const fonts = execFileSync('pdffonts', ['-'], { input: bytes }).toString();
    expect(fonts).toMatch(/\+NotoSansArabic/);
    expect(fonts).toMatch(/\+NotoSansSC/);
  });

  it('writes a typed signature without its picture in its script font, inside its box', async () => {
    const source = new Uint8Array(corpusFile(ROTATED));
    const box = { pageNumber: 2, coordinateX: 100, coordinateY: 100, width: 110, height: 25 };
    const { bytes } = await stamp(source, () => [
      field({ type: 'signature', ...box, text: 'Ada Lovelace', fontFamily: 'greatVibes' }),
    ]);
    const changed = changedBox(renderPage(source, 2), renderPage(bytes, 2));
    expect(changed).not.toBeNull();
    const inside = changed as NonNullable<typeof changed>;
    expect(inside.x).toBeGreaterThanOrEqual(box.coordinateX);
    expect(inside.x + inside.width).toBeLessThanOrEqual(box.coordinateX + box.width);
    expect(inside.y).toBeGreaterThanOrEqual(box.coordinateY - 1);
    expect(inside.y + inside.height).toBeLessThanOrEqual(box.coordinateY + box.height + 1);
    expect(pdftotext(bytes, { first: 2, last: 2 })).toContain('Ada Lovelace');
    expect(execFileSync('pdffonts', ['-'], { input: bytes }).toString()).toMatch(/\+GreatVibes/);
  });

  it('never blocks the seal: a field on a page the document lacks and an unreadable picture are left out', async () => {
    const source = new Uint8Array(corpusFile(MIXED));
    const { bytes } = await stamp(source, () => [
      field({ type: 'text', pageNumber: 99, text: 'Nowhere' }),
      field({ type: 'signature', pageNumber: 1, coordinateX: 10, coordinateY: 10, image: new Uint8Array([1, 2, 3]) }),
      field({ type: 'text', pageNumber: 1, coordinateX: 50, coordinateY: 200, width: 200, text: 'Still here' }),
    ]);
    expect(pdftotext(bytes, { first: 1, last: 1 })).toContain('Still here');
    expect(pdftotext(bytes)).not.toContain('Nowhere');
  });

  it('leaves an unchecked checkbox as an empty square and fields without a value out', async () => {
    const source = new Uint8Array(corpusFile(MIXED));
    const { bytes } = await stamp(source, () => [
      field({ type: 'checkbox', pageNumber: 1, coordinateX: 20, coordinateY: 20, width: 30, height: 30 }),
      field({ type: 'text', pageNumber: 1, coordinateX: 100, coordinateY: 100, text: '   ' }),
      field({ type: 'signature', pageNumber: 1, coordinateX: 200, coordinateY: 200 }),
    ]);
    const before = renderPage(source, 1);
    const after = renderPage(bytes, 1);
    expect(changedBox(before, after)).toEqual({ x: 20, y: 20, width: 30, height: 30 });
    // Inside the square nothing is drawn.
    const centre = 35 * after.width + 35;
    expect(after.pixels[centre]).toBe(before.pixels[centre]);
  });
});
