// LibreOffice's memory through many conversions in a row (issue 25): the warm converter is recycled after
// OFFICE_RECYCLE_AFTER conversions or above 60% of OFFICE_MAX_MEMORY_MB, between files, so it stays bounded and loses none.
// BENCH_OFFICE_COUNT sets the number of conversions (200).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { OFFICE_RECYCLING_DEFAULTS, OfficeConverter, RECYCLE_SHARE } from '../src/platform/office/office-converter.js';
import { serverRoot } from '../src/platform/paths.js';
import { recordResult, recordTable } from './results.js';

const corpus = join(serverRoot, '../../../shared/fixtures/real-world');
const FILES = [
  'office/docx_table_image_cyrillic.docx',
  'office/xls_legacy_govdocs1_bankruptcy_table.xls',
  'office/ppsx_slideshow_3_slides.ppsx',
  'office/rtf_credit_card_agreement_tables.rtf',
  'office/doc_legacy_travel_form_utas.doc',
  'office/xlsx_30_sheets_kyc_spec.xlsx',
  'office/pptx_24_slides_capstone.pptx',
  'text/txt_utf8_multiscript_UTF-8-demo.txt',
];
/** The bound the defaults keep LibreOffice under (issue 25). */
const BOUND_MB = 400;

async function main() {
  const count = Number(process.env.BENCH_OFFICE_COUNT) || 200;
  const dir = mkdtempSync(join(tmpdir(), 'esign-bench-office-'));
  const converter = new OfficeConverter(dir, pino({ level: 'silent' }));
  if (!converter.isInstalled()) {
    console.log('office bench: LibreOffice is not installed; skipped');
    recordResult({ row: 'LibreOffice through conversions in a row', measured: 'skipped: LibreOffice not installed' });
    return;
  }
  let peakMb = 0;
  let firstMb = 0;
  let done = 0;
  // Sampled while files convert too, so a peak inside one conversion is seen.
  const sampler = setInterval(async () => {
    peakMb = Math.max(peakMb, await converter.residentMb());
  }, 100);
  const start = performance.now();
  try {
    for (let index = 0; index < count; index++) {
      const file = FILES[index % FILES.length] as string;
      const output = join(dir, `out-${index}.pdf`);
      await converter.convert(join(corpus, file), output, file.split('.').pop() as string);
      if (statSync(output).size > 0) done++;
      rmSync(output);
      if (index === 0) firstMb = await converter.residentMb();
      peakMb = Math.max(peakMb, await converter.residentMb());
    }
  } finally {
    clearInterval(sampler);
    await converter.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = (performance.now() - start) / 1000;
  const { maxConversions, maxResidentMb } = OFFICE_RECYCLING_DEFAULTS;
  console.log(
    `LibreOffice through ${count} conversions in a row (${FILES.length} real-world files in turn, ${seconds.toFixed(0)} s; recycled after ${maxConversions} conversions or above ${maxResidentMb * RECYCLE_SHARE} MB):`,
  );
  const rows = [
    ['benchmark', 'measured', 'baseline', 'ratio', 'target', 'met'],
    [
      'LibreOffice peak resident memory',
      `${peakMb.toFixed(0)} MB`,
      `${firstMb.toFixed(0)} MB after the first file`,
      (peakMb / firstMb).toFixed(2),
      `< ${BOUND_MB} MB`,
      peakMb < BOUND_MB ? 'yes' : 'NO',
    ],
    [
      'conversions finished',
      `${done}`,
      `${count} asked`,
      (done / count).toFixed(2),
      'all',
      done === count ? 'yes' : 'NO',
    ],
    ['recycles', `${converter.stats.recycled}`, '-', '-', '-', '-'],
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  recordTable(rows);
}

await main();
