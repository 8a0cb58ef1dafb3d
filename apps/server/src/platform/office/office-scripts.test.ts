import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficeConverter } from './office-converter.js';

const isInstalled = new OfficeConverter(tmpdir(), pino({ level: 'silent' })).isInstalled();

/** One line per script, as a user's contract or list of names would hold them. */
const SCRIPTS: Record<string, string> = {
  Arabic: 'اتفاقية التوقيع',
  Persian: 'قرارداد امضا شده',
  Hebrew: 'הסכם חתימה',
  Devanagari: 'अनुबंध पर हस्ताक्षर',
  Thai: 'สัญญาลงนาม',
  Chinese: '合同签名',
  Japanese: '契約書の署名',
  Korean: '계약서 서명',
  Emoji: '✍📄✅',
};

/** The text of a PDF as poppler reads it, without the spaces and line ends layout may add or move. */
function pdfText(path: string): string {
  return execFileSync('pdftotext', [path, '-']).toString().replace(/\s+/g, '');
}

describe.runIf(isInstalled)('every script on the page (Debian Noto fonts)', () => {
  let dir: string;
  let converter: OfficeConverter;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'esign-scripts-'));
    converter = new OfficeConverter(dir, pino({ level: 'silent' }), 60_000);
  });
  afterAll(async () => {
    await converter?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [
      'txt',
      Object.entries(SCRIPTS)
        .map(([name, text]) => `${name}: ${text}`)
        .join('\n'),
    ],
    [
      'csv',
      `script,text\n${Object.entries(SCRIPTS)
        .map(([name, text]) => `${name},${text}`)
        .join('\n')}`,
    ],
  ])('keeps every script of a %s file', async (extension, content) => {
    const input = join(dir, `scripts.${extension}`);
    writeFileSync(input, content);
    const output = join(dir, `${extension}.pdf`);
    await converter.convert(input, output, extension);
    const text = pdfText(output);
    const lost = Object.entries(SCRIPTS).filter(([, line]) => !text.includes(line.replace(/\s+/g, '')));
    expect(lost.map(([name]) => name)).toEqual([]);
  });
});
