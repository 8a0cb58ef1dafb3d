import { type PDF, PdfArray, PdfDict, PdfName } from '@libpdf/core';

/** The name of the audit trail embedded in a sealed PDF. */
export const AUDIT_TRAIL_FILE = 'audit-trail.json';

/**
 * Embeds the audit trail (JSON) as an associated file of the document, PDF/A-3 style: an embedded file in the
 * EmbeddedFiles name tree whose file specification has `/AFRelationship /Supplement` and is listed in the
 * catalogue's `/AF`. Written before the seal's signature, so the signature covers it and the trail travels with
 * the file.
 */
export function attachAuditTrail(pdf: PDF, json: Uint8Array, at: Date): void {
  pdf.attachments.add(AUDIT_TRAIL_FILE, json, {
    description: 'Audit trail of the document (hash-chained events)',
    mimeType: 'application/json',
    createdAt: at,
    modifiedAt: at,
    overwrite: true,
  });
  const fileSpec = pdf.context.catalog.getEmbeddedFilesTree()?.get(AUDIT_TRAIL_FILE);
  if (!(fileSpec instanceof PdfDict)) return;
  fileSpec.set('AFRelationship', PdfName.of('Supplement'));
  const ref = pdf.context.getRef(fileSpec);
  if (ref) pdf.context.catalog.getDict().set('AF', new PdfArray([ref]));
}

/** The audit trail embedded in a PDF, or null. */
export function readAuditTrail(pdf: PDF): Uint8Array | null {
  return pdf.attachments.get(AUDIT_TRAIL_FILE);
}
