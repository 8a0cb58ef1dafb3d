// Cause (issue 33): LibreOffice's memory (OFFICE_MAX_MEMORY_MB) was only checked between two files, and a file
// that ran out its time was retried like a failure of the server: a 199 KB DOCX kept LibreOffice at 3.2 GB for
// four tries of 120 s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomWordsDocx } from '../../../test/office-bombs.js';
import { OfficeConverter, OfficeLimitError } from './office-converter.js';

const corpus = join(import.meta.dirname, '../../../../../../shared/fixtures/real-world');
const isInstalled = new OfficeConverter(tmpdir(), pino({ level: 'silent' })).isInstalled();

describe.runIf(isInstalled)('LibreOffice bounded during a conversion', { timeout: 180_000 }, () => {
  let dir: string;
  let heavy: string;
  let converter: OfficeConverter | undefined;
  const warnings: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'esign-office-bounds-'));
    // 300,000 paragraphs of random words: 1.9 MB, packed like text (it passes the zip check); LibreOffice needs
    // well over 500 MB for it.
    heavy = join(dir, 'heavy.docx');
    writeFileSync(heavy, randomWordsDocx(300_000));
    return () => rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await converter?.stop();
    warnings.length = 0;
  });

  it('ends LibreOffice as soon as it goes above the bound, and reads no more than the bound + 10%', async () => {
    converter = new OfficeConverter(dir, log, 120_000, 'soffice', { maxConversions: 50, maxResidentMb: 250 });
    const failure = converter.convert(heavy, join(dir, 'heavy.pdf'), 'docx');
    await expect(failure).rejects.toThrow(OfficeLimitError);
    await expect(failure).rejects.toMatchObject({ limit: 'memory' });
    expect(converter.stats.peakMb).toBeGreaterThan(250);
    expect(converter.stats.peakMb).toBeLessThan(275);
    // The next file gets a fresh LibreOffice.
    const output = join(dir, 'after.pdf');
    await converter.convert(join(corpus, 'text/txt_utf8_multiscript_UTF-8-demo.txt'), output, 'txt');
  });

  it('tries a file a warm LibreOffice could not hold once more on a fresh one, and only once', async () => {
    // A warm LibreOffice holds about 180 MB after a small text file (its fonts, measured on Debian with the Noto
    // fonts), under the recycle share of this bound (60% of 400 MB), so it stays warm; the heavy file needs more
    // than the bound. (With a bound of 250 MB the warm one was recycled, and the heavy file met a fresh LibreOffice
    // and had no second try to show.)
    converter = new OfficeConverter(dir, log, 120_000, 'soffice', { maxConversions: 50, maxResidentMb: 400 });
    await converter.convert(join(corpus, 'text/txt_utf8_multiscript_UTF-8-demo.txt'), join(dir, 'a.pdf'), 'txt');
    expect(converter.stats.recycled).toBe(0);
    await expect(converter.convert(heavy, join(dir, 'heavy.pdf'), 'docx')).rejects.toMatchObject({ limit: 'memory' });
    expect(warnings.filter((message) => message.includes('trying the file on a fresh one'))).toHaveLength(1);
  });

  it('ends a conversion that outlasts its time, as a limit of the file', async () => {
    converter = new OfficeConverter(dir, log, 2_000, 'soffice', { maxConversions: 50, maxResidentMb: 100_000 });
    await expect(converter.convert(heavy, join(dir, 'heavy.pdf'), 'docx')).rejects.toMatchObject({ limit: 'time' });
  });
});
