import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIBREOFFICE_MISSING, OfficeConverter } from './office-converter.js';
import { OFFICE_CONVERSION_FAILED, officeToPdf } from './office-to-pdf.js';

const corpus = join(import.meta.dirname, '../../../../../../shared/fixtures/real-world');
const isInstalled = new OfficeConverter(tmpdir(), pino({ level: 'silent' })).isInstalled();

it('names the missing packages when LibreOffice is not installed', async () => {
  const converter = new OfficeConverter(tmpdir(), pino({ level: 'silent' }), 1000, 'no-such-soffice');
  expect(converter.isInstalled()).toBe(false);
  await expect(converter.convert('/tmp/a.docx', '/tmp/a.pdf', 'docx')).rejects.toThrow(LIBREOFFICE_MISSING);
});

describe.runIf(isInstalled)('OfficeConverter (LibreOffice)', () => {
  let dir: string;
  let converter: OfficeConverter;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'esign-office-'));
    converter = new OfficeConverter(dir, pino({ level: 'silent' }), 60_000);
  });
  afterAll(async () => {
    await converter?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function pages(output: string) {
    return (await PDF.load(new Uint8Array(readFileSync(output)))).getPageCount();
  }

  it.each([
    ['office/docx_table_image_cyrillic.docx', 'docx'],
    ['office/xls_legacy_govdocs1_bankruptcy_table.xls', 'xls'],
    ['office/ppsx_slideshow_3_slides.ppsx', 'ppsx'],
    ['office/rtf_credit_card_agreement_tables.rtf', 'rtf'],
    ['text/txt_utf8_multiscript_UTF-8-demo.txt', 'txt'],
  ])('converts %s to PDF pages', async (path, extension) => {
    const output = join(dir, `${extension}.pdf`);
    await converter.convert(join(corpus, path), output, extension);
    expect(await pages(output)).toBeGreaterThan(0);
  });

  it('converts HTML without fetching anything from the network', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const html = Buffer.from(
      `<html><head><link rel="stylesheet" href="http://127.0.0.1:${port}/style.css"></head>
       <body><h1>Contract</h1><img src="http://127.0.0.1:${port}/image.png"><p>Terms</p></body></html>`,
    );
    try {
      const result = await officeToPdf(converter, new Uint8Array(html), 'html');
      expect(result.metadata.pages).toHaveLength(1);
      expect(hits).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('ends every LibreOffice process when stopped', async () => {
    // Regression: `soffice` is a script that starts soffice.bin; killing only the script left soffice.bin
    // running, holding its profile, so the next server could not start LibreOffice.
    const ownDir = mkdtempSync(join(tmpdir(), 'esign-office-own-'));
    const own = new OfficeConverter(ownDir, pino({ level: 'silent' }), 60_000);
    await own.convert(join(corpus, 'text/txt_utf8_multiscript_UTF-8-demo.txt'), join(dir, 'own.pdf'), 'txt');
    const running = () => spawnSync('pgrep', ['-f', ownDir]).stdout.toString().trim();
    expect(running()).not.toBe('');
    await own.stop();
    await vi.waitFor(() => expect(running()).toBe(''));
    rmSync(ownDir, { recursive: true, force: true });
  });

  it('reports a file it cannot open, and keeps working', async () => {
    const input = join(dir, 'broken.docx');
    writeFileSync(input, 'PK\u0003\u0004 not really a document');
    await expect(converter.convert(input, join(dir, 'broken.pdf'), 'docx')).rejects.toThrow();
    await expect(officeToPdf(converter, readFileSync(input), 'docx')).rejects.toThrow(OFFICE_CONVERSION_FAILED);
    await converter.convert(join(corpus, 'text/txt_utf8_multiscript_UTF-8-demo.txt'), join(dir, 'again.pdf'), 'txt');
    expect(await pages(join(dir, 'again.pdf'))).toBeGreaterThan(0);
  });
});
