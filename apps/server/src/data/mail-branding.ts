import type { Db } from '../platform/db/client.js';
import type { MailBranding } from '../platform/mail/template.js';
import { companyOfDocumentOwner, type DocumentCompany } from './company.js';

/** How a company brands the mails of its documents: its 'From' name, its logo (absolute address) and closing. */
export function mailBrandingOf(company: DocumentCompany | null, appUrl: string): MailBranding | null {
  if (!company) return null;
  return {
    fromName: company.fromName,
    logoUrl: company.logoPath ? new URL(company.logoPath, appUrl).toString() : null,
    companyName: company.name,
    closing: company.closing,
  };
}

/** The branding of the mails about a document of `ownerUserId` (null: the product's own mail). */
export async function mailBrandingOfOwner(db: Db, ownerUserId: string, appUrl: string): Promise<MailBranding | null> {
  return mailBrandingOf(await companyOfDocumentOwner(db, ownerUserId), appUrl);
}
