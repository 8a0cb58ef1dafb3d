import { type PDF, type PDFPage, PdfArray, PdfDict, type PdfObject, PdfRef, PdfStream } from '@libpdf/core';

/**
 * Whether a page may show a text tag (`{{...}}`, found-fields.ts), decided without reading its text, which costs the
 * library about 20 ms a page: a page whose fonts cannot draw an opening brace holds no tag. A font with a ToUnicode
 * map draws one only when the map gives U+007B (a subset font embedded by LibreOffice maps only the characters the
 * file uses); a one-byte font without one draws it with the byte 0x7B, so the page's content must hold that byte (in a
 * literal string, as its escape \173, or in a hexadecimal string); anything else (a composite font without a map, a page whose content or
 * fonts cannot be read) counts as able to, so no tag is missed.
 */
export function braceCheck(pdf: PDF): (page: PDFPage) => boolean {
  const resolve: Resolve = (object) => (object instanceof PdfRef ? pdf.getObject(object) : (object ?? null));
  const byFont = new Map<PdfObject, FontBrace>();
  const fontBrace = (font: PdfObject): FontBrace => {
    const known = byFont.get(font);
    if (known) return known;
    const answer = readFontBrace(resolve(font), resolve);
    byFont.set(font, answer);
    return answer;
  };
  return (page) => {
    try {
      const fonts = resolve(inheritedResources(page.dict, resolve)?.get('Font'));
      if (!(fonts instanceof PdfDict)) return false;
      const braces = [...fonts.keys()].map((name) => fontBrace(fonts.get(name) ?? PdfDict.of({})));
      if (braces.includes('yes')) return true;
      if (!braces.includes('byte')) return false;
      return contentStreams(page.dict, resolve).some(hasBraceByte);
    } catch {
      return true;
    }
  };
}

type Resolve = (object: PdfObject | undefined | null) => PdfObject | null;

/** The page's resources, its own or its nearest ancestor's (read only: the library's getter adds an empty one). */
function inheritedResources(dict: PdfDict, resolve: Resolve): PdfDict | null {
  let node: PdfObject | null = dict;
  for (let depth = 0; node instanceof PdfDict && depth < 64; depth++) {
    const resources = resolve(node.get('Resources'));
    if (resources instanceof PdfDict) return resources;
    node = resolve(node.get('Parent'));
  }
  return null;
}

/**
 * The page's content streams, decoded. Each is read on its own: content may be split between streams only between
 * two tokens, so a string never spans two.
 */
function contentStreams(dict: PdfDict, resolve: Resolve): Uint8Array[] {
  const contents = resolve(dict.get('Contents'));
  const streams: (PdfObject | null)[] =
    contents instanceof PdfArray ? [...contents].map((item) => resolve(item)) : [contents];
  return streams.flatMap((stream) => (stream instanceof PdfStream ? [stream.getDecodedData()] : []));
}

/** yes: the font can draw '{'; no: it cannot; byte: it draws it with 0x7B (a one-byte font without a map). */
type FontBrace = 'yes' | 'no' | 'byte';

function readFontBrace(font: PdfObject | null, resolve: Resolve): FontBrace {
  if (!(font instanceof PdfDict)) return 'yes';
  const map = resolve(font.get('ToUnicode'));
  if (map instanceof PdfStream) return mapsBrace(new TextDecoder('latin1').decode(map.getDecodedData())) ? 'yes' : 'no';
  return font.getName('Subtype')?.value === 'Type0' ? 'yes' : 'byte';
}

/** Whether a ToUnicode CMap gives U+007B to some code (a bfchar or a bfrange). */
export function mapsBrace(cmap: string): boolean {
  for (const [, body = ''] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, target = ''] of body.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g)) {
      if (parseInt(target, 16) === 0x7b) return true;
    }
  }
  for (const [, body = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low = '', high = '', rest = ''] of body.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g,
    )) {
      if (rest.startsWith('[')) {
        if ([...rest.matchAll(/<([0-9A-Fa-f]+)>/g)].some(([, target = '']) => parseInt(target, 16) === 0x7b)) {
          return true;
        }
        continue;
      }
      const start = parseInt(rest.slice(1, -1), 16);
      const count = parseInt(high, 16) - parseInt(low, 16);
      if (start <= 0x7b && 0x7b <= start + count) return true;
    }
  }
  return false;
}

/** Whether content may show a '{' with a one-byte font: the byte itself, its octal escape, or 7B in a hex string. */
export function hasBraceByte(content: Uint8Array): boolean {
  for (let index = 0; index < content.length; index++) {
    const byte = content[index];
    if (byte === 0x7b) return true;
    // \173
    if (byte === 0x5c && content[index + 1] === 0x31 && content[index + 2] === 0x37 && content[index + 3] === 0x33) {
      return true;
    }
    // '<' not beside another '<' (a dictionary): a hexadecimal string, read digit by digit up to its '>'.
    if (byte === 0x3c && content[index + 1] !== 0x3c && content[index - 1] !== 0x3c) {
      const hex = hexStringHasBrace(content, index + 1);
      if (hex === 'brace') return true;
      // Not hexadecimal: a '<' inside a literal string ("a < b"); the bytes after it are read as they come.
      if (hex !== 'not hex') index = hex;
    }
  }
  return false;
}

/** The value of a hexadecimal digit, -1 for white space, -2 for anything else. */
function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00 ? -1 : -2;
}

/**
 * Reads a hexadecimal string from `start` (just after its '<') pair by pair (white space between digits ignored; a
 * last lone digit, followed by 0, is never 7B): 'brace' when a pair is 7B, else the index of its '>'; 'not hex' when a byte that
 * is not a digit comes before it. A string with no '>' after it counts as a brace, so no tag is missed.
 */
function hexStringHasBrace(content: Uint8Array, start: number): 'brace' | 'not hex' | number {
  let high = -1;
  for (let index = start; index < content.length; index++) {
    const byte = content[index] ?? 0;
    if (byte === 0x3e) return index;
    const digit = hexDigit(byte);
    if (digit === -1) continue;
    if (digit === -2) return 'not hex';
    if (high < 0) high = digit;
    else {
      if (high * 16 + digit === 0x7b) return 'brace';
      high = -1;
    }
  }
  return 'brace';
}
