import { recordResult } from '../../apps/server/bench/results.js';
import { signatureField } from '../support/documents.js';
import { benchServer } from './bench-server.js';
import { firstPageDrawn, isPdfJs, kb, launchChromium, type ScriptSize, scriptsBefore, sum } from './page-scripts.js';

const server = benchServer(Number(process.env.BENCH_PORT ?? 3291), 'signer-page');
const { base, api } = server;
const TARGET_KB = 120;

/** A one-page document sent to one signer with a signature field; answers the signer's link from the mail. */
async function signingLink(): Promise<string> {
  const { accessToken } = await server.signUp('signer-owner');
  const id = await server.uploadedDraft(accessToken, 1);
  const signerEmail = `bench.signer.${Date.now()}@example.com`;
  const withSigner = await api<{ signers: { id: string }[] }>(`/documents/${id}`, {
    method: 'PATCH',
    token: accessToken,
    body: { title: 'Bench', signers: [{ name: 'Sam Signer', email: signerEmail, order: 1 }] },
  });
  const field = signatureField(withSigner.signers[0]?.id ?? '', 600);
  await api(`/documents/${id}`, { method: 'PATCH', token: accessToken, body: { fields: [field] } });
  await api(`/document_sign/documents/${id}/send_out`, { method: 'PATCH', token: accessToken });
  return server.linkInMail(signerEmail, /to sign/);
}

async function main() {
  await server.start();
  const browser = await launchChromium();
  try {
    const link = await signingLink();
    const signer = await scriptsBefore(browser, link, firstPageDrawn);
    const login = await scriptsBefore(browser, `${base}/login`, (page) =>
      page.getByRole('button', { name: 'Log in' }).waitFor(),
    );
    const withoutPdfJs = (sizes: ScriptSize[]) => sizes.filter((size) => !isPdfJs(size.url));

    console.log('\nSigner page JavaScript before the first page is drawn (gzipped, level 9)\n');
    console.log(`${'page'.padEnd(34)}${'all JS (KB)'.padStart(12)}${'no pdf.js (KB)'.padStart(16)}  target`);
    const signerTotal = kb(sum(withoutPdfJs(signer)));
    console.log(
      `${'signer page (first page drawn)'.padEnd(34)}${kb(sum(signer)).toFixed(1).padStart(12)}${signerTotal.toFixed(1).padStart(16)}  < ${TARGET_KB} KB ${signerTotal < TARGET_KB ? 'met' : 'NOT MET'}`,
    );
    console.log(
      `${'login page (baseline, form shown)'.padEnd(34)}${kb(sum(login)).toFixed(1).padStart(12)}${kb(
        sum(withoutPdfJs(login)),
      )
        .toFixed(1)
        .padStart(16)}`,
    );
    const loginTotal = kb(sum(withoutPdfJs(login)));
    recordResult({
      row: 'signer page JS before the first page is drawn, gzip, without pdf.js',
      measured: `${signerTotal.toFixed(1)} KB`,
      baseline: `${loginTotal.toFixed(1)} KB (login page)`,
      ratio: signerTotal / loginTotal,
      target: `< ${TARGET_KB} KB`,
      met: signerTotal < TARGET_KB,
    });
    console.log('\nsigner page scripts:');
    for (const size of [...signer].sort((a, b) => b.gzipped - a.gzipped)) {
      console.log(`  ${kb(size.gzipped).toFixed(1).padStart(7)} KB  ${new URL(size.url).pathname}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
