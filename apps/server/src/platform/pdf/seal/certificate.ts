import { type PDF, type PDFPage, rgb } from '@libpdf/core';
import { AUDIT_TRAIL_FILE } from './audit-attachment.js';
import type { PdfFonts } from './fonts.js';

/** What the certificate of completion says about one signer: only what was recorded, null where nothing was. */
export interface CertificateSigner {
  /** What the recipient does (issue 36): the heading names it, and the lines say what it did. */
  role: 'signer' | 'approver' | 'viewer' | 'cc';
  /** An approver's approval, a viewer's acknowledgement. */
  actedAt: Date | null;
  /** An approver's rejection and its reason. */
  rejection: { at: Date; reason: string } | null;
  name: string;
  email: string;
  ipAddress: string | null;
  userAgent: string | null;
  sentAt: Date | null;
  viewedAt: Date | null;
  signedAt: Date | null;
  /** The consent text the signer agreed to. */
  consent: string | null;
  /** What else happened to this signer's place (issue 36): a hand-over, a correction, a signature in person. */
  notes?: string[];
}

export interface CertificateData {
  title: string;
  /** The document owner's company (company branding), named under the title; omitted when null. */
  company?: string | null;
  documentId: string;
  /** SHA-256 (hex) of the original PDF: the combined document before any stamp. */
  originalSha256: string;
  completedAt: Date | null;
  signers: CertificateSigner[];
  /** The public verify page of this instance ('Verify this document at ...'), when known. */
  verifyUrl?: string | undefined;
  /** The document's life besides its signers (issue 36: resent after a decline, expired, extended), one line each. */
  history?: string[];
  /** The audit trail's hash chain as sealed: how many events, and the last one's hash (also embedded as JSON). */
  auditTrail?: { count: number; finalHash: string | null } | undefined;
  /** The files signers attached (issue 37), each embedded in the sealed PDF under `embeddedAs`. */
  attachments?: CertificateAttachment[] | undefined;
}

export interface CertificateAttachment {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  /** Who attached it (the signer's name). */
  attachedBy: string;
  embeddedAs: string;
}

export const UNKNOWN = 'unknown';

/** An instant in UTC with its offset written out, e.g. `2026-11-22 13:05:51 UTC (+00:00)`; 'unknown' without one. */
export function formatInstant(instant: Date | null): string {
  if (!instant) return UNKNOWN;
  const iso = instant.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC (+00:00)`;
}

/** Each recipient's heading by its role ('Signer 1: ...' as before roles). */
const ROLE_HEADINGS: Record<CertificateSigner['role'], string> = {
  signer: 'Signer',
  approver: 'Approver',
  viewer: 'Viewer',
  cc: 'CC',
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const FONT = 'notoSans';
const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);

/** Appends the certificate of completion: one or more A4 pages after the document's last page. */
export function appendCertificate(pdf: PDF, fonts: PdfFonts, data: CertificateData): void {
  const writer = new PageWriter(pdf, fonts);
  writer.text('Certificate of completion', { size: 18, gap: 8 });
  writer.field('Document', data.title || '(untitled)');
  if (data.company) writer.field('Company', data.company);
  writer.field('Document ID', data.documentId);
  writer.field('SHA-256 of the original PDF', data.originalSha256);
  writer.field('Completed', formatInstant(data.completedAt));
  if (data.auditTrail) {
    writer.field('Audit trail', `${data.auditTrail.count} events, embedded in this file as ${AUDIT_TRAIL_FILE}`);
    writer.field('Audit trail final SHA-256', data.auditTrail.finalHash ?? UNKNOWN);
  }
  if (data.verifyUrl) writer.field('Verify', `Verify this document at ${data.verifyUrl}`);
  writer.space(10);
  data.signers.forEach((signer, index) => {
    writer.keepTogether(170);
    writer.rule();
    writer.text(`${ROLE_HEADINGS[signer.role]} ${index + 1}: ${signer.name}`, { size: 13, gap: 4 });
    writer.field('E-mail', signer.email);
    if (signer.role === 'cc') {
      writer.field('Role', 'Receives a copy (CC): the completed document by e-mail; not part of the signing order');
      writer.space(8);
      return;
    }
    writer.field('IP address', signer.ipAddress ?? UNKNOWN);
    writer.field('User agent', signer.userAgent ?? UNKNOWN);
    writer.field('Sent', formatInstant(signer.sentAt));
    writer.field('Viewed', formatInstant(signer.viewedAt));
    if (signer.role === 'signer') {
      writer.field('Signed', formatInstant(signer.signedAt));
      writer.field('Consent', signer.consent ?? UNKNOWN);
    } else {
      if (signer.rejection) {
        writer.field('Rejected', formatInstant(signer.rejection.at));
        writer.field('Reason', signer.rejection.reason || UNKNOWN);
      }
      writer.field(signer.role === 'approver' ? 'Approved' : 'Acknowledged viewing', formatInstant(signer.actedAt));
    }
    for (const note of signer.notes ?? []) writer.field('History', note);
    writer.space(8);
  });
  if (data.attachments?.length) {
    writer.rule();
    writer.text('Attachments', { size: 13, gap: 4 });
    for (const attachment of data.attachments) {
      writer.keepTogether(60);
      writer.field('File', `${attachment.fileName} (${attachment.sizeBytes} bytes), by ${attachment.attachedBy}`);
      writer.field('SHA-256', attachment.sha256);
      writer.field('Embedded as', attachment.embeddedAs);
      writer.space(4);
    }
    writer.space(4);
  }
  if (data.history?.length) {
    writer.rule();
    writer.text('History', { size: 13, gap: 4 });
    for (const line of data.history) writer.text(line, { size: 10, gap: 3 });
    writer.space(8);
  }
  writer.rule();
  writer.text(
    'Times are those recorded by the server; "unknown" means nothing was recorded. This document is sealed with a ' +
      'digital signature (PAdES): any change after sealing invalidates it.',
    { size: 8, color: GREY },
  );
}

interface TextOptions {
  size?: number;
  color?: ReturnType<typeof rgb>;
  indent?: number;
  gap?: number;
}

/** Writes lines top to bottom, wrapping at the margin and starting a new page when one is full. */
class PageWriter {
  private page: PDFPage | null = null;
  private y = 0;

  constructor(
    private readonly pdf: PDF,
    private readonly fonts: PdfFonts,
  ) {}

  private ensure(height: number): PDFPage {
    if (!this.page || this.y - height < MARGIN) {
      this.page = this.pdf.addPage({ width: A4.width, height: A4.height });
      this.y = A4.height - MARGIN;
    }
    return this.page;
  }

  keepTogether(height: number): void {
    if (this.page && this.y - height < MARGIN) this.page = null;
  }

  space(points: number): void {
    this.y -= points;
  }

  rule(): void {
    const page = this.ensure(8);
    page.drawLine({
      start: { x: MARGIN, y: this.y - 2 },
      end: { x: A4.width - MARGIN, y: this.y - 2 },
      color: rgb(0.8, 0.8, 0.8),
      thickness: 0.5,
    });
    this.y -= 8;
  }

  field(label: string, value: string): void {
    this.text(label, { size: 8, color: GREY });
    this.text(value, { size: 10, indent: 0, gap: 3 });
  }

  text(text: string, options: TextOptions = {}): void {
    const size = options.size ?? 10;
    const lineHeight = size * 1.35;
    const left = MARGIN + (options.indent ?? 0);
    for (const line of this.wrap(text, size, A4.width - MARGIN - left)) {
      const page = this.ensure(lineHeight);
      this.y -= lineHeight;
      let x = left;
      for (const run of this.fonts.runs(line, FONT, size)) {
        page.drawText(run.text, { x, y: this.y + size * 0.3, font: run.font, size, color: options.color ?? BLACK });
        x += run.width;
      }
    }
    this.y -= options.gap ?? 0;
  }

  private width(text: string, size: number): number {
    return this.fonts.runs(text, FONT, size).reduce((sum, run) => sum + run.width, 0);
  }

  /** Breaks at spaces; a word wider than the line (a hash, a long user agent) is cut where it must be. */
  private wrap(text: string, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      let line = '';
      for (const word of paragraph.split(/(\s+)/)) {
        const candidate = line + word;
        if (this.width(candidate, size) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line.trim()) lines.push(line.trimEnd());
        line = word.trimStart();
        while (line && this.width(line, size) > maxWidth) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(line.slice(0, cut), size) > maxWidth) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }
}
