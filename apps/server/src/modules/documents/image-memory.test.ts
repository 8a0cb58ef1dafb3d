// Cause (issue 33): images were decoded in the server's own process, and glibc's allocator keeps what libvips's
// threads freed: after a 99-megapixel PNG the server stayed at 971 MB (from 392 MB).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggedInUser } from '../../../bench/server-process.js';
import { solidPng } from '../../../test/large-image.js';
import { type NodeChild, startServer, waitFor } from '../../../test/server-process.js';

let dataDir: string;
let server: NodeChild;
let baseUrl: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'esign-image-memory-'));
  ({ server, baseUrl } = await startServer(dataDir, { LOG_LEVEL: 'warn' }));
  const isUp = () =>
    fetch(`${baseUrl}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
  // A first start makes the embedded database: a minute or more on a busy machine.
  await waitFor('the server', isUp, 240_000);
}, 300_000);
afterAll(async () => {
  server?.process.kill('SIGKILL');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server process's resident memory, in MB. */
function serverResidentMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

/** Uploads a PNG as a new document and waits until its conversion is finished; answers its part's error. */
async function convertPng(token: string, png: Buffer): Promise<string | null | undefined> {
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const document = (await (
    await api('/documents', {
      method: 'POST',
      body: JSON.stringify({ type: 'me_and_other' }),
      headers: { 'content-type': 'application/json' },
    })
  ).json()) as { id: string };
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(png)]), 'image.png');
  expect((await api(`/documents/${document.id}/file_upload`, { method: 'POST', body: form })).status).toBe(200);
  const data = await waitFor(
    'the conversion',
    async () => {
      const progress = (await (await api(`/documents/${document.id}/convertion_data`)).json()) as {
        isFinished: boolean;
        parts: { errorText: string | null }[];
      };
      return progress.isFinished ? progress : undefined;
    },
    170_000,
  );
  return data.parts[0]?.errorText;
}

it('gives the memory a large image took back to the server once it is converted', { timeout: 240_000 }, async () => {
  const token = await loggedInUser(baseUrl);
  // A first small image: what any conversion loads once (code, libraries) counts before the measure.
  expect(await convertPng(token, solidPng(200, 200))).toBeNull();
  const large = solidPng(9950, 9950);
  const before = serverResidentMb();
  expect(await convertPng(token, large)).toBeNull();
  // The finding's 99 megapixels: decoded in the server's own process, 226 MB of it stayed (448 MB, then 674 MB).
  const after = serverResidentMb();
  console.log(`server resident memory: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);
  expect(after - before).toBeLessThan(50);
});
