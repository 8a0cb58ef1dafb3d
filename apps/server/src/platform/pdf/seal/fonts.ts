import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEFAULT_TEXT_FONT, FONTS, type FontId } from '@esign/shared';
import { type EmbeddedFont, measureText, type PDF } from '@libpdf/core';
import { woffToSfnt } from './woff.js';

const require = createRequire(import.meta.url);

/**
 * The @fontsource package of every font id. Arial, Times New Roman and Courier New are drawn with their open,
 * metric-compatible twins (Arimo, Tinos, Cousine); the others are the Google fonts of the same name.
 */
const FONT_PACKAGES: Record<FontId, string> = {
  arial: 'arimo',
  timesNewRoman: 'tinos',
  courierNew: 'cousine',
  roboto: 'roboto',
  openSans: 'open-sans',
  lato: 'lato',
  montserrat: 'montserrat',
  oswald: 'oswald',
  raleway: 'raleway',
  merriweather: 'merriweather',
  playfairDisplay: 'playfair-display',
  sourceSans3: 'source-sans-3',
  notoSans: 'noto-sans',
  ptSans: 'pt-sans',
  ptSerif: 'pt-serif',
  ubuntu: 'ubuntu',
  nunito: 'nunito',
  poppins: 'poppins',
  robotoMono: 'roboto-mono',
  libreBaskerville: 'libre-baskerville',
  dancingScript: 'dancing-script',
  sacramento: 'sacramento',
  laBelleAurore: 'la-belle-aurore',
  bilboSwashCaps: 'bilbo-swash-caps',
  yellowtail: 'yellowtail',
  greatVibes: 'great-vibes',
  qwigley: 'qwigley',
  marckScript: 'marck-script',
};

/**
 * Drawn for characters the chosen font lacks: Noto Sans (Latin, Cyrillic, Greek, Devanagari, Vietnamese), then
 * Noto's Arabic (Persian and Urdu too), Hebrew, Thai and Chinese (with Japanese kana), then Arimo and Roboto.
 */
const FALLBACK_PACKAGES = [
  'noto-sans',
  'noto-sans-arabic',
  'noto-sans-hebrew',
  'noto-sans-thai',
  'noto-sans-sc',
  'arimo',
  'roboto',
];

/** Subsets first in this order; the others after, by name. */
const SUBSET_ORDER = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];

export function isFontId(value: string | null | undefined): value is FontId {
  return typeof value === 'string' && Object.hasOwn(FONTS, value);
}

const fileCache = new Map<string, Uint8Array>();

/** One TrueType file of a package's regular style and the characters it is for (its CSS `unicode-range`). */
interface FontFile {
  path: string;
  ranges: [number, number][];
}

const filesCache = new Map<string, FontFile[]>();

function fontFiles(packageName: string): FontFile[] {
  let files = filesCache.get(packageName);
  if (!files) {
    files = listFontFiles(packageName);
    filesCache.set(packageName, files);
  }
  return files;
}

/**
 * The regular (400, normal) files of a package, one per Unicode subset, read from its `400.css`, whose
 * `unicode-range` says which characters each file is for: a character is looked for only in the files meant for
 * it, so none of Chinese's hundred files is opened for a Latin text.
 */
function listFontFiles(packageName: string): FontFile[] {
  const root = dirname(require.resolve(`@fontsource/${packageName}/package.json`));
  const css = readFileSync(join(root, '400.css'), 'utf8');
  const prefix = `${packageName}-`;
  const suffix = '-400-normal.woff';
  const files: (FontFile & { subset: string })[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const name = /url\(\.\/files\/([^)]+-400-normal\.woff)\)/.exec(block)?.[1];
    const ranges = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!name?.startsWith(prefix) || !ranges) continue;
    files.push({
      path: join(root, 'files', name),
      ranges: parseRanges(ranges),
      subset: name.slice(prefix.length, -suffix.length),
    });
  }
  const rank = (subset: string) => {
    const index = SUBSET_ORDER.indexOf(subset);
    return index === -1 ? SUBSET_ORDER.length : index;
  };
  files.sort((a, b) => rank(a.subset) - rank(b.subset) || a.subset.localeCompare(b.subset));
  return files.map(({ path, ranges }) => ({ path, ranges }));
}

/** `U+0400-045F,U+2116` as code point ranges. */
function parseRanges(css: string): [number, number][] {
  return css.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from ?? '', 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

function isInRanges(file: FontFile, char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return file.ranges.some(([from, to]) => code >= from && code <= to);
}

function fontBytes(path: string): Uint8Array {
  let bytes = fileCache.get(path);
  if (!bytes) {
    bytes = woffToSfnt(readFileSync(path));
    fileCache.set(path, bytes);
  }
  return bytes;
}

export interface TextRun {
  text: string;
  font: EmbeddedFont;
  width: number;
}

/**
 * The fonts of one PDF: embedded on first use (subset when the PDF is saved with `subsetFonts`), each id backed by
 * its Unicode subsets and then by the fallback fonts. Text is cut into runs, each in the first font that has all
 * of its characters; a character no font has is drawn as '?'.
 */
export class PdfFonts {
  private readonly embedded = new Map<string, EmbeddedFont>();

  constructor(private readonly pdf: PDF) {}

  private font(path: string): EmbeddedFont {
    let font = this.embedded.get(path);
    if (!font) {
      font = this.pdf.embedFont(fontBytes(path));
      this.embedded.set(path, font);
    }
    return font;
  }

  private chain(fontId: FontId): FontFile[] {
    const own = fontFiles(FONT_PACKAGES[fontId]);
    const fallback = FALLBACK_PACKAGES.filter((name) => name !== FONT_PACKAGES[fontId]).flatMap(fontFiles);
    return [...own, ...fallback];
  }

  private readonly chains = new Map<FontId, FontFile[]>();

  private chainOf(fontId: string | null | undefined): FontFile[] {
    const id = isFontId(fontId) ? fontId : DEFAULT_TEXT_FONT;
    let chain = this.chains.get(id);
    if (!chain) {
      chain = this.chain(id);
      this.chains.set(id, chain);
    }
    return chain;
  }

  /** Cuts text into runs of one font each, measured at `size` points. */
  runs(text: string, fontId: string | null | undefined, size: number): TextRun[] {
    const chain = this.chainOf(fontId);
    const runs: { text: string; path: string }[] = [];
    for (const char of text) {
      const path = chain.find((candidate) => this.covers(candidate, char))?.path;
      const piece = path ? char : '?';
      const piecePath = path ?? (chain[0] as FontFile).path;
      const last = runs.at(-1);
      if (last && last.path === piecePath) last.text += piece;
      else runs.push({ text: piece, path: piecePath });
    }
    return runs.map((run) => {
      const font = this.font(run.path);
      return { text: run.text, font, width: measureText(run.text, font, size) };
    });
  }

  /** The first font of an id (for ascent and descent). */
  primary(fontId: string | null | undefined): EmbeddedFont {
    return this.font((this.chainOf(fontId)[0] as FontFile).path);
  }

  private covers(file: FontFile, char: string): boolean {
    return isInRanges(file, char) && this.font(file.path).canEncode(char);
  }
}
