import type { RevocationProvider } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { pkiEngine } from '../pki-engine.js';

/** How long an OCSP responder or a CRL server may take. */
export const REVOCATION_TIMEOUT_MS = 5000;

const OCSP_ACCESS = '1.3.6.1.5.5.7.48.1';
const AUTHORITY_INFO_ACCESS = '1.3.6.1.5.5.7.1.1';
const CRL_DISTRIBUTION_POINTS = '2.5.29.31';
const URI = 6;

const certificateOf = (der: Uint8Array) =>
  new pkijs.Certificate({ schema: asn1js.fromBER(new Uint8Array(der)).result });

function ocspUrl(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((item) => item.extnID === AUTHORITY_INFO_ACCESS);
  const access = extension?.parsedValue as pkijs.InfoAccess | undefined;
  const location = access?.accessDescriptions.find((item) => item.accessMethod === OCSP_ACCESS)?.accessLocation;
  return location?.type === URI && typeof location.value === 'string' ? location.value : null;
}

function crlUrls(certificate: pkijs.Certificate): string[] {
  const extension = certificate.extensions?.find((item) => item.extnID === CRL_DISTRIBUTION_POINTS);
  const points = (extension?.parsedValue as pkijs.CRLDistributionPoints | undefined)?.distributionPoints ?? [];
  return points.flatMap((point) =>
    Array.isArray(point.distributionPoint)
      ? point.distributionPoint.flatMap((name) =>
          name.type === URI && typeof name.value === 'string' ? [name.value] : [],
        )
      : [],
  );
}

const isOcspSuccessful = (der: Uint8Array) => {
  const asn = asn1js.fromBER(new Uint8Array(der));
  if (asn.offset === -1) return false;
  return new pkijs.OCSPResponse({ schema: asn.result }).responseStatus.valueBlock.valueDec === 0;
};

/**
 * OCSP answers (RFC 6960, from the certificate's Authority Information Access) and CRLs (its distribution points)
 * for the validation data the seal embeds (the DSS). The addresses come from certificates the operator configured
 * (the signing certificate's chain) or from the configured time-stamping authorities' certificates, not from a
 * user: they are fetched directly, like `TSA_URLS` (`trusted-time.ts`). A responder that fails yields nothing
 * (the seal goes on with what it has; the library reports `REVOCATION_UNAVAILABLE`).
 */
export class FetchRevocationProvider implements RevocationProvider {
  roundTrips = 0;
  readonly failures: string[] = [];

  constructor(private readonly timeoutMs = REVOCATION_TIMEOUT_MS) {}

  async getOCSP(cert: Uint8Array, issuer: Uint8Array): Promise<Uint8Array | null> {
    const certificate = certificateOf(cert);
    const url = ocspUrl(certificate);
    if (!url) return null;
    try {
      const request = new pkijs.OCSPRequest();
      await request.createForCertificate(
        certificate,
        { hashAlgorithm: 'SHA-1', issuerCertificate: certificateOf(issuer) },
        pkiEngine,
      );
      this.roundTrips += 1;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
        body: new Uint8Array(request.toSchema(true).toBER(false)),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const der = new Uint8Array(await response.arrayBuffer());
      if (!isOcspSuccessful(der)) throw new Error('unsuccessful OCSP status');
      return der;
    } catch (error) {
      this.failures.push(`OCSP ${url}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  async getCRL(cert: Uint8Array): Promise<Uint8Array | null> {
    for (const url of crlUrls(certificateOf(cert))) {
      try {
        this.roundTrips += 1;
        const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
        if (response.ok) return new Uint8Array(await response.arrayBuffer());
        throw new Error(`HTTP ${response.status}`);
      } catch (error) {
        this.failures.push(`CRL ${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return null;
  }
}
