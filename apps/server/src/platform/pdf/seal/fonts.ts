import { readdirSync, readFileSync } from 'node:fs';
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

/** Drawn for characters the chosen font lacks (Cyrillic in a script font, Greek, ...). */
const FALLBACK_PACKAGES = ['noto-sans', 'arimo', 'roboto'];

/** Subsets first in this order; the others after, by name. */
const SUBSET_ORDER = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];

export function isFontId(value: string | null | undefined): value is FontId {
  return typeof value === 'string' && Object.hasOwn(FONTS, value);
}

const fileCache = new Map<string, Uint8Array>();

/** The TrueType files of a package's regular (400, normal) style, one per Unicode subset. */
const filesCache = new Map<string, string[]>();

function fontFiles(packageName: string): string[] {
  let files = filesCache.get(packageName);
  if (!files) {
    files = listFontFiles(packageName);
    filesCache.set(packageName, files);
  }
  return files;
}

function listFontFiles(packageName: string): string[] {
  const dir = join(dirname(require.resolve(`@fontsource/${packageName}/package.json`)), 'files');
  const prefix = `${packageName}-`;
  const suffix = '-400-normal.woff';
  const subsets = readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(suffix))
    .map((name) => name.slice(prefix.length, -suffix.length));
  const rank = (subset: string) => {
    const index = SUBSET_ORDER.indexOf(subset);
    return index === -1 ? SUBSET_ORDER.length : index;
  };
  subsets.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return subsets.map((subset) => join(dir, `${prefix}${subset}${suffix}`));
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

  private chain(fontId: FontId): string[] {
    const own = fontFiles(FONT_PACKAGES[fontId]);
    const fallback = FALLBACK_PACKAGES.flatMap((name) => fontFiles(name)).filter((path) => !own.includes(path));
    return [...own, ...fallback];
  }

  private readonly chains = new Map<FontId, string[]>();

  private chainOf(fontId: string | null | undefined): string[] {
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
      const path = chain.find((candidate) => this.covers(candidate, char));
      const piece = path ? char : '?';
      const piecePath = path ?? (chain[0] as string);
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
    return this.font(this.chainOf(fontId)[0] as string);
  }

  private covers(path: string, char: string): boolean {
    return this.font(path).canEncode(char);
  }
}
