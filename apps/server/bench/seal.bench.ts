// Benchmark of the seal's PDF work (issue 5): stamp 300 fields into a 100-page text PDF, append the certificate,
// sign; beside a bare script with the same library that loads, stamps the same 300 fields (standard font, no
// page frames or fallback fonts), saves and signs. Run with `npm run bench` (or `tsx bench/seal.bench.ts`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import sharp from 'sharp';
import { sealPdf } from '../src/platform/pdf/seal/seal-pdf.js';
import { createSigner, loadSigningIdentity } from '../src/platform/pdf/seal/signing-identity.js';
import type { StampField } from '../src/platform/pdf/seal/stamp-fields.js';
import { textPdf } from './inputs.js';

async function median(runs: number, run: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-seal-bench-'));
  try {
    const original = await textPdf(100);
    const signer = await createSigner(loadSigningIdentity({ dataDir }));
    const picture = new Uint8Array(
      await sharp({ create: { width: 300, height: 100, channels: 4, background: '#1030c0ff' } })
        .png()
        .toBuffer(),
    );
    const types = ['signature', 'text', 'date', 'checkbox', 'initials'] as const;
    const fields: StampField[] = Array.from({ length: 300 }, (_, index) => {
      const type = types[index % types.length] ?? 'text';
      return {
        type,
        pageNumber: (index % 100) + 1,
        coordinateX: 50 + (index % 3) * 150,
        coordinateY: 100 + Math.floor(index / 100) * 200,
        width: 120,
        height: 30,
        text: type === 'text' ? `Field value ${index}` : type === 'date' ? '01/02/2026' : null,
        checked: true,
        fontFamily: 'arial',
        fontSize: 12,
        image: type === 'signature' || type === 'initials' ? picture : null,
      };
    });
    const certificate = { title: 'Benchmark', documentId: 'bench', completedAt: new Date(), signers: [] };
    const seal = () =>
      sealPdf({ original, fields, certificate, signer, signingTime: new Date() }).then(() => undefined);
    const bare = async () => {
      const pdf = await PDF.load(original);
      const image = pdf.embedPng(picture);
      for (const field of fields) {
        const page = pdf.getPage(field.pageNumber - 1);
        if (!page) continue;
        const y = page.height - field.coordinateY - field.height;
        if (field.image) page.drawImage(image, { x: field.coordinateX, y, width: field.width, height: field.height });
        else page.drawText(field.text ?? 'X', { x: field.coordinateX, y, size: 12 });
      }
      const saved = await PDF.load(await pdf.save());
      await saved.sign({ signer, subFilter: 'ETSI.CAdES.detached' });
    };
    await seal();
    await bare();
    const sealMs = await median(5, seal);
    const bareMs = await median(5, bare);
    const ratio = sealMs / bareMs;
    console.log('benchmark                                   | measured | baseline | ratio | target | met');
    console.log(
      `seal 100-page text PDF, 300 fields (PDF work) | ${sealMs.toFixed(0)} ms | ${bareMs.toFixed(0)} ms | ${ratio.toFixed(2)} | <= 2 | ${ratio <= 2 ? 'yes' : 'NO'}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
