import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../../../../test/documents.js';
import { pdfsig } from '../../../../test/poppler.js';
import { startTrustPeers, type TrustPeers } from '../../../../test/trust-peers.js';
import { readDss } from '../dss.js';
import { pkiEngine } from '../pki-engine.js';
import { readAuditTrail } from './audit-attachment.js';
import { addArchiveTimestamp, type SealInput, sealPdf } from './seal-pdf.js';
import { createSigner } from './signing-identity.js';
import { checkTimestampResponse } from './trusted-time.js';

let peers: TrustPeers;
beforeAll(async () => {
  peers = await startTrustPeers({ authorities: 2 });
});
afterAll(async () => {
  await peers?.close();
});

async function input(trust: SealInput['trust']): Promise<SealInput> {
  return {
    original: new Uint8Array(corpusFile('pdf/pdf20_latex_2p.pdf')),
    fields: [],
    certificate: { title: 'T', documentId: 'd', completedAt: null, signers: [] },
    signer: await createSigner({ p12: new Uint8Array(readFileSync(peers.signerP12)), password: peers.p12Password }),
    signingTime: new Date(),
    trust,
    auditTrail: new TextEncoder().encode('{"events":[]}'),
  };
}

const urls = () => peers.authorities.map((authority) => authority.url);
const setModes = (...modes: TrustPeers['authorities'][number]['mode'][]) =>
  modes.forEach((mode, n) => {
    const authority = peers.authorities[n];
    if (authority) authority.mode = mode;
  });

/** The /Contents of each signature dictionary of a given /Type, as DER. */
function contentsOf(bytes: Uint8Array, subFilter: string): Buffer[] {
  const text = Buffer.from(bytes).toString('latin1');
  const found: Buffer[] = [];
  for (const match of text.matchAll(/\/SubFilter\s*\/([\w.]+)[\s\S]*?\/Contents\s*<([0-9a-fA-F]+)>/g)) {
    if (match[1] !== subFilter) continue;
    const der = Buffer.from(match[2] ?? '', 'hex');
    const asn = asn1js.fromBER(new Uint8Array(der));
    found.push(der.subarray(0, asn.offset));
  }
  return found;
}

describe('a seal with trusted time', { timeout: 120_000 }, () => {
  it('reaches B-LTA with the authority and the responder up; pdfsig and openssl ts accept what it embeds', async () => {
    setModes('ok', 'ok');
    const before = peers.ocspRequests;
    const sealed = await sealPdf(await input({ tsaUrls: urls() }));
    expect(sealed).toMatchObject({ level: 'B-LTA', timestampPending: false });
    // The signature timestamp, then the document timestamp, both from the first authority.
    expect(sealed.timestamps).toHaveLength(2);
    expect(sealed.timestamps.every((stamp) => stamp.url === peers.authorities[0]?.url)).toBe(true);
    expect(sealed.timestamps[0]?.authority).toContain('CN=Test Time-Stamping Authority');
    expect(peers.ocspRequests).toBeGreaterThan(before);

    const report = pdfsig(sealed.bytes);
    const [seal, archive] = report.split(/Signature #2:/);
    expect(seal).toContain('Signature Validation: Signature is Valid.');
    expect(seal).toContain('Signer Certificate Common Name: Test Seal');
    // poppler lists the document timestamp (it does not check RFC 3161 tokens: openssl does, below); it is the
    // last signature and covers the whole file.
    expect(archive).toContain('Signature Field Name: eSign archive timestamp 1');
    expect(archive).toContain('Signer Certificate Common Name: Test Time-Stamping Authority');
    expect(archive).toContain('Total document signed');

    // The DSS holds the chain and the OCSP answers (signing certificate and authority).
    // Certificates: the seal's, the root, the authority's, the responder's; OCSP: the seal's and the authority's.
    const dss = readDss(await PDF.load(sealed.bytes));
    expect(dss?.certificates).toBeGreaterThanOrEqual(4);
    expect(dss?.ocspResponses).toBeGreaterThanOrEqual(2);

    // The document timestamp's token verifies with openssl against the local root, over the bytes it covers.
    const [docToken] = contentsOf(sealed.bytes, 'ETSI.RFC3161');
    expect(docToken).toBeDefined();
    const text = Buffer.from(sealed.bytes).toString('latin1');
    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
    const ranges = [...text.matchAll(range)].map((m) => m.slice(1, 5).map(Number) as [number, number, number, number]);
    const last = ranges.reduce((a, b) => (b[2] + b[3] > a[2] + a[3] ? b : a));
    const covered = Buffer.concat([
      Buffer.from(sealed.bytes.subarray(0, last[1])),
      Buffer.from(sealed.bytes.subarray(last[2], last[2] + last[3])),
    ]);
    expect(await peers.verifyToken(docToken as Buffer, covered)).toContain('Verification: OK');

    // The signature timestamp: the unsigned attribute of the seal's CMS, over its signature value.
    const [sealCms] = contentsOf(sealed.bytes, 'ETSI.CAdES.detached');
    const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(new Uint8Array(sealCms as Buffer)).result });
    const signerInfo = new pkijs.SignedData({ schema: info.content }).signerInfos[0];
    const attribute = signerInfo?.unsignedAttrs?.attributes.find((item) => item.type === '1.2.840.113549.1.9.16.2.14');
    const token = new Uint8Array(attribute?.values[0]?.toBER(false) ?? new ArrayBuffer(0));
    const signatureValue = new Uint8Array(signerInfo?.signature.valueBlock.valueHexView ?? []);
    expect(await peers.verifyToken(token, signatureValue)).toContain('Verification: OK');

    // The audit trail travels inside, as an associated file.
    const loaded = await PDF.load(sealed.bytes);
    expect(new TextDecoder().decode(readAuditTrail(loaded) ?? new Uint8Array())).toBe('{"events":[]}');
    expect(String(loaded.context.catalog.getDict().get('AF'))).toBeTruthy();
  });

  it('asks the second authority when the first times out, and refuses tokens for another nonce or digest', async () => {
    setModes('hang', 'ok');
    const failover = await sealPdf(await input({ tsaUrls: urls(), timeoutMs: 300 }));
    expect(failover.level).toBe('B-LTA');
    expect(failover.timestamps.every((stamp) => stamp.url === peers.authorities[1]?.url)).toBe(true);

    for (const wrong of ['wrongNonce', 'wrongDigest'] as const) {
      setModes(wrong, 'ok');
      const failures: string[] = [];
      const sealed = await sealPdf(
        await input({ tsaUrls: urls(), onFailure: (url, reason) => failures.push(`${url} ${reason}`) }),
      );
      expect(sealed.timestamps.every((stamp) => stamp.url === peers.authorities[1]?.url)).toBe(true);
      expect(failures.join('\n')).toContain(wrong === 'wrongNonce' ? 'another nonce' : 'another digest');
    }
  });

  it('refuses a well-formed token signed by a certificate that is not a time-stamping one', async () => {
    // A token for our very digest and nonce, signed with the seal's key (digitalSignature, no timeStamping usage).
    const digest = new Uint8Array(32).fill(7);
    const nonce = new Uint8Array([0x12, 0x34, 0x56, 0x78]);
    const info = new pkijs.TSTInfo({
      version: 1,
      policy: '1.2.3.4.1',
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
        hashedMessage: new asn1js.OctetString({ valueHex: digest }),
      }),
      serialNumber: new asn1js.Integer({ value: 1 }),
      genTime: new Date(),
      nonce: new asn1js.Integer({ valueHex: nonce }),
    });
    const pem = (file: string) => readFileSync(join(peers.dir, file), 'utf8').replace(/-----[^-]+-----|\s/g, '');
    const certificate = new pkijs.Certificate({
      schema: asn1js.fromBER(new Uint8Array(Buffer.from(pem('signer.pem'), 'base64'))).result,
    });
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      Buffer.from(pem('signer.key'), 'base64'),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: '1.2.840.113549.1.9.16.1.4',
        eContent: new asn1js.OctetString({ valueHex: info.toSchema().toBER(false) }),
      }),
      certificates: [certificate],
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        }),
      ],
    });
    await signed.sign(key, 0, 'SHA-256', undefined, pkiEngine);
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: 0 }),
      timeStampToken: new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signed.toSchema(true) }),
    });
    const bytes = new Uint8Array(response.toSchema().toBER(false));
    await expect(checkTimestampResponse(bytes, { digest, algorithm: 'SHA-256', nonce })).rejects.toThrow(
      'the token is not signed by a time-stamping certificate',
    );
    // The same checks pass on what they check before it: our digest and our nonce.
    await expect(
      checkTimestampResponse(bytes, { digest: new Uint8Array(32), algorithm: 'SHA-256', nonce }),
    ).rejects.toThrow('another digest');
  });

  it('seals at B-B at once when every authority is down, then an archive timestamp makes it B-LTA', async () => {
    setModes('down', 'down');
    const pending = await sealPdf(await input({ tsaUrls: urls() }));
    expect(pending).toMatchObject({ level: 'B-B', timestampPending: true, timestamps: [] });
    expect(pdfsig(pending.bytes)).toContain('Total document signed');

    setModes('down', 'ok');
    const upgraded = await addArchiveTimestamp(pending.bytes, { tsaUrls: urls() });
    expect(upgraded.level).toBe('B-LTA');
    expect(Buffer.from(upgraded.bytes.subarray(0, pending.bytes.length)).equals(Buffer.from(pending.bytes))).toBe(true);
    const [seal, archive] = pdfsig(upgraded.bytes).split(/Signature #2:/);
    expect(seal).toContain('Signature is Valid.');
    expect(archive).toContain('Total document signed');

    // Renewal: one more archive timestamp on top, the earlier ones untouched.
    setModes('ok', 'ok');
    const renewed = await addArchiveTimestamp(upgraded.bytes, { tsaUrls: urls() });
    const report = pdfsig(renewed.bytes);
    expect(report).toContain('Signature #3:');
    expect(report.split(/Signature #3:/)[1]).toContain('Total document signed');
  });
});
