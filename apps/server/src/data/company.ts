import {
  ALL_SIGNATURE_TYPES,
  allowedSignatureValueTypes,
  type CompanySettings,
  canUseCompanyBranding,
  type SignatureTypesPreferences,
  type SignerCompany,
} from '@esign/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { companySettings, teams, users } from '../platform/db/schema.js';
import { pictureUrlOf } from '../platform/storage/picture-url.js';
import { accountPlanOf } from './account-plan.js';

export type CompanyRow = typeof companySettings.$inferSelect;
export type CompanyChanges = Partial<Omit<typeof companySettings.$inferInsert, 'userId' | 'updatedAt'>>;

/** The logo's kind of stored picture: `users/{id}/company-logo/{uuid}.png`, served at /api/v1/company-logos/... */
export const COMPANY_LOGO_PLACE = { folder: 'company-logo', route: 'company-logos' } as const;

export async function findCompanySettings(db: Db, userId: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.userId, userId)).limit(1);
  return row;
}

/** Writes the owner's settings, making the row on the first save. */
export async function saveCompanySettings(db: Db, userId: string, changes: CompanyChanges): Promise<CompanyRow> {
  const [row] = await db
    .insert(companySettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: companySettings.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('company settings were not saved');
  return row;
}

function preferencesOf(row: CompanyRow | undefined): SignatureTypesPreferences {
  return {
    isDrawnSignaturesAvailable: row?.isDrawnSignaturesAvailable ?? true,
    isUploadedSignaturesAvailable: row?.isUploadedSignaturesAvailable ?? true,
    isTypedSignaturesAvailable: row?.isTypedSignaturesAvailable ?? true,
  };
}

/** The settings as the API shows them: the defaults (every signature type, no access codes) before the first save. */
export function toCompanyDto(userId: string, row: CompanyRow | undefined, isAvailable: boolean): CompanySettings {
  return {
    companyLogoUrl: pictureUrlOf(COMPANY_LOGO_PLACE, userId, row?.companyLogoKey ?? null),
    companyName: row?.companyName ?? null,
    companyEmail: row?.companyEmail ?? null,
    emailTemplate: row?.emailTemplate ?? null,
    redirectionPage: row?.redirectionPage ?? null,
    tagline: row?.tagline ?? null,
    industry: row?.industry ?? null,
    signatureTypesPreferences: preferencesOf(row),
    enableSignerAccessCodes: row?.enableSignerAccessCodes ?? false,
    isAvailable,
  };
}

/** What a company's branding changes on one of its documents (README.md, Effects). */
export interface DocumentCompany {
  ownerUserId: string;
  name: string | null;
  tagline: string | null;
  /** The 'From' name of the mails. */
  fromName: string | null;
  /** The closing signature of the mails. */
  closing: string | null;
  logoKey: string | null;
  /** The logo's address under /api/v1 (an absolute one is APP_URL before it). */
  logoPath: string | null;
  redirectionPage: string | null;
  signatureTypes: SignatureTypesPreferences;
  enableSignerAccessCodes: boolean;
}

/**
 * The company settings that brand a document of `ownerUserId`: its account owner's, while that account's plan has
 * Custom Business Branding; null otherwise (no settings saved, or the plan no longer has it), and nothing changes.
 * Teams: a teammate's documents carry the team owner's settings (the team's owner id is looked up here).
 */
export async function companyOfDocumentOwner(db: Db, ownerUserId: string): Promise<DocumentCompany | null> {
  // A teammate's document carries the team's company: the settings of the team's owner (the account alone's own).
  const accountOwner = sql`coalesce((select ${teams.ownerId} from ${users} join ${teams} on ${teams.id} = ${users.teamId}
    where ${users.id} = ${ownerUserId}), ${ownerUserId}::uuid)`;
  const [found] = await db
    .select({ company: companySettings, planType: users.planType, appSumoCodes: users.appSumoCodes })
    .from(companySettings)
    .innerJoin(users, eq(users.id, companySettings.userId))
    .where(eq(companySettings.userId, accountOwner))
    .limit(1);
  if (!found || !canUseCompanyBranding({ planType: accountPlanOf(found) })) return null;
  const { company } = found;
  return {
    ownerUserId: company.userId,
    name: company.companyName,
    tagline: company.tagline,
    fromName: company.companyEmail,
    closing: company.emailTemplate,
    logoKey: company.companyLogoKey,
    logoPath: pictureUrlOf(COMPANY_LOGO_PLACE, company.userId, company.companyLogoKey),
    redirectionPage: company.redirectionPage,
    signatureTypes: preferencesOf(company),
    enableSignerAccessCodes: company.enableSignerAccessCodes,
  };
}

/** What the signer page shows of the company (its header). */
export function signerCompanyOf(company: DocumentCompany | null): SignerCompany | null {
  if (!company || (!company.name && !company.logoPath)) return null;
  return { logoUrl: company.logoPath, name: company.name, tagline: company.tagline };
}

/** The saved signatures' value types a signer of the company's document may use (every type without a company). */
export function allowedValueTypesOf(company: DocumentCompany | null) {
  return allowedSignatureValueTypes(company?.signatureTypes ?? ALL_SIGNATURE_TYPES);
}
