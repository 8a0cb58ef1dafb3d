import { expect, request as requests, test } from '@playwright/test';
import { startTrustPeers, type TrustPeers } from '../../apps/server/test/trust-peers.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { apiSession, bearer, completedDocument } from '../support/documents.js';
import { startExtraServer } from '../support/extra-server.js';

// Issue 35 as an operator configures it: a server of its own whose TSA_URLS lists two local RFC 3161 authorities
// (the first never answers, so the second is asked) and whose seal is a certificate of a local CA with an OCSP
// responder (apps/server/test/trust-peers.ts: `openssl ts` and `openssl ocsp`). A completed document is B-LTA and
// the public verify page, at 375 px, says so with the trusted time and who issued it.
const basePort = Number(process.env.E2E_PORT ?? 3100);

let peers: TrustPeers;
let server: Awaited<ReturnType<typeof startExtraServer>>;

test.beforeAll(async () => {
  // A local CA, its responder and two authorities (keys made by openssl), then a server of its own.
  test.setTimeout(120_000);
  peers = await startTrustPeers({ authorities: 2 });
  const [first, second] = peers.authorities;
  if (!first || !second) throw new Error('two authorities');
  first.mode = 'hang';
  server = await startExtraServer(basePort + 61, {
    TSA_URLS: `${first.url},${second.url}`,
    TSA_TIMEOUT_MS: '1000',
    SIGNING_CERT_P12: peers.signerP12,
    SIGNING_CERT_PASSWORD: peers.p12Password,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await peers?.close();
});

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('a document sealed with a time-stamping authority is B-LTA, and /verify tells its trusted time and issuer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const api = await requests.newContext({ baseURL: server.baseURL });
  const owner = await apiSession(api, 'Tessa Timestamp');
  const id = await completedDocument(api, owner, 'Lease with trusted time');
  const document = await (await api.get(`/api/v1/documents/${id}`, { headers: bearer(owner) })).json();
  const link = await api.post('/api/v1/auth/get_signed_download_url', {
    headers: bearer(owner),
    data: { key: document.resultPdfFileKey, fileName: 'sealed.pdf' },
  });
  const sealed = await (await api.get((await link.json()).result)).body();
  await api.dispose();
  // The first authority hung; the second answered the signature timestamp and the archive timestamp.
  expect(peers.authorities[1]?.requests).toBeGreaterThanOrEqual(2);

  await page.goto(`${server.baseURL}/verify`);
  await page.getByLabel('Choose a PDF to verify').setInputFiles({
    name: 'sealed.pdf',
    mimeType: 'application/pdf',
    buffer: sealed,
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Intact' })).toBeVisible();
  await expect(page.getByText(/^Level B-LTA: as B-LT, sealed by an archive timestamp/)).toBeVisible();
  await expect(
    page.getByText(/^Trusted time of the signature: .+, issued by CN=Test Time-Stamping Authority/),
  ).toBeVisible();
  await expect(page.getByText(/^Archive timestamp: .+, issued by CN=Test Time-Stamping Authority/)).toBeVisible();
  await expect(page.getByText(/^The seal's certificate was issued by CN=Test/)).toBeVisible();
  await expect(page.getByText(/OCSP answer of .+: the certificate was not revoked\./).first()).toBeVisible();
  await expect(page.getByText(/The audit trail inside the file matches this service's records/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('verify-b-lta-375.png'), fullPage: true });
});
