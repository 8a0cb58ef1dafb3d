import type { PDF } from '@libpdf/core';

/** What a PDF's Document Security Store holds: how many certificates, OCSP answers and CRLs. */
export interface DssCounts {
  certificates: number;
  ocspResponses: number;
  crls: number;
}

/** The DSS of a loaded PDF (PAdES B-LT and above), or null when it has none. */
export function readDss(pdf: PDF): DssCounts | null {
  const resolve = pdf.context.resolve.bind(pdf.context);
  const dss = pdf.context.catalog.getDict().getDict('DSS', resolve);
  if (!dss) return null;
  const count = (key: string) => dss.getArray(key, resolve)?.length ?? 0;
  return { certificates: count('Certs'), ocspResponses: count('OCSPs'), crls: count('CRLs') };
}
