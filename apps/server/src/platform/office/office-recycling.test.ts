import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { OfficeConverter, processGroupResidentMb } from './office-converter.js';

const corpus = join(import.meta.dirname, '../../../../../../shared/fixtures/real-world');
const isInstalled = new OfficeConverter(tmpdir(), pino({ level: 'silent' })).isInstalled();
const text = join(corpus, 'text/txt_utf8_multiscript_UTF-8-demo.txt');

describe.runIf(isInstalled)('recycling the warm LibreOffice', () => {
  let dir: string;
  let converter: OfficeConverter | undefined;
  afterEach(async () => {
    await converter?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function convertMany(count: number): Promise<number[]> {
    const outputs = Array.from({ length: count }, (_, index) => join(dir, `out-${index}.pdf`));
    // Queued all at once, as parallel jobs would: recycling happens between them and loses none.
    await Promise.all(outputs.map((output) => converter?.convert(text, output, 'txt')));
    return Promise.all(
      outputs.map(async (output) => (await PDF.load(new Uint8Array(readFileSync(output)))).getPageCount()),
    );
  }

  it('replaces LibreOffice after the set number of conversions, losing none of the queued ones', async () => {
    dir = mkdtempSync(join(tmpdir(), 'esign-recycle-'));
    converter = new OfficeConverter(dir, pino({ level: 'silent' }), 60_000, 'soffice', {
      maxConversions: 2,
      maxResidentMb: 10_000,
    });
    const pages = await convertMany(5);
    expect(pages.every((count) => count > 0)).toBe(true);
    expect(converter.stats.recycled).toBe(2);
  });

  it('replaces LibreOffice above its share of the memory bound, between conversions', async () => {
    dir = mkdtempSync(join(tmpdir(), 'esign-recycle-'));
    // Recycled above 120 MB: a text file leaves a fresh LibreOffice (about 92 MB) at about 140 MB, below the bound.
    converter = new OfficeConverter(dir, pino({ level: 'silent' }), 60_000, 'soffice', {
      maxConversions: 1000,
      maxResidentMb: 200,
    });
    await convertMany(1);
    const first = converter.stats.officePid;
    const pages = await convertMany(2);
    expect(pages.every((count) => count > 0)).toBe(true);
    expect(converter.stats.recycled).toBe(3);
    expect(converter.stats.officePid).not.toBe(first);
  });

  it('measures the resident memory of LibreOffice and its children', async () => {
    dir = mkdtempSync(join(tmpdir(), 'esign-recycle-'));
    converter = new OfficeConverter(dir, pino({ level: 'silent' }), 60_000);
    await convertMany(1);
    expect(await converter.residentMb()).toBeGreaterThan(30);
    expect(await processGroupResidentMb(999_999_999)).toBe(0);
  });
});
