import { type PDF, PdfArray, PdfDict, PdfName, PdfStream } from '@libpdf/core';

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
  listAsAssociated(pdf, AUDIT_TRAIL_FILE);
}

/** An embedded file listed in the catalogue's `/AF` too (PDF/A-3 style), as a `Supplement` of the document. */
function listAsAssociated(pdf: PDF, name: string): void {
  const fileSpec = embeddedFileSpec(pdf, name);
  if (!fileSpec) return;
  fileSpec.set('AFRelationship', PdfName.of('Supplement'));
  const ref = pdf.context.getRef(fileSpec);
  if (!ref) return;
  const catalog = pdf.context.catalog.getDict();
  const existing = catalog.get('AF');
  catalog.set('AF', new PdfArray([...(existing instanceof PdfArray ? [...existing] : []), ref]));
}

function embeddedFileSpec(pdf: PDF, name: string): PdfDict | null {
  const fileSpec = pdf.context.catalog.getEmbeddedFilesTree()?.get(name);
  return fileSpec instanceof PdfDict ? fileSpec : null;
}

/**
 * An embedded file's bytes written as they are: `/Filter []`, no filter (ISO 32000-1, 7.3.8.2: "an array of zero,
 * one or several names"). The writer deflates every stream that has no filter, in JavaScript (pako), and keeps the
 * bytes as they were when that does not make them smaller: an attached PDF, PNG or JPEG is compressed already, so
 * three files of 5 MB cost seconds of deflating for nothing (the seal benchmark, issue 37).
 */
function keepAsItIs(pdf: PDF, name: string): void {
  const resolve = pdf.context.registry.resolve.bind(pdf.context.registry);
  const ref = embeddedFileSpec(pdf, name)?.getDict('EF', resolve)?.getRef('F');
  const stream = ref ? resolve(ref) : null;
  if (stream instanceof PdfStream) stream.set('Filter', new PdfArray([]));
}

/** A file a signer attached (issue 37), as the seal embeds it. */
export interface SignerAttachment {
  /** Its name in the PDF's embedded files (unique in the document). */
  name: string;
  bytes: Uint8Array;
  mimeType: string;
  description: string;
}

/**
 * Embeds the signers' attachment fields' files as associated files of the document, like the audit trail: written
 * before the seal's signature, so the signature covers them and they travel with the sealed PDF.
 */
export function attachSignerFiles(pdf: PDF, files: readonly SignerAttachment[], at: Date): void {
  for (const file of files) {
    pdf.attachments.add(file.name, file.bytes, {
      description: file.description,
      mimeType: file.mimeType,
      createdAt: at,
      modifiedAt: at,
      overwrite: true,
    });
    keepAsItIs(pdf, file.name);
    listAsAssociated(pdf, file.name);
  }
}

/** The audit trail embedded in a PDF, or null. */
export function readAuditTrail(pdf: PDF): Uint8Array | null {
  return pdf.attachments.get(AUDIT_TRAIL_FILE);
}
