import { z } from 'zod';
import { COMPANY_TEXT_LIMITS, isRedirectionPageValid } from '../account/company.js';
import { ROUTES } from '../api/routes.js';
import { plainText } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';

/** An optional text of the company form: trimmed, empty becomes null, at most `max` characters. */
function companyText(max: number) {
  return plainText()
    .max(max, `Must be at most ${max} characters.`)
    .transform((value) => value.trim() || null)
    .nullable()
    .optional()
    .transform((value) => value ?? null);
}

/** The company settings of an account (spec part 2, section 3), as GET and PATCH user/company answer them. */
export const companySettings = z.object({
  /** `/api/v1/company-logos/{userId}/{uuid}.png` (280x50), changing with each upload; null without a logo. */
  companyLogoUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  /** The 'From' name of the mails sent for the company's documents. */
  companyEmail: z.string().nullable(),
  /** The closing signature of those mails. */
  emailTemplate: z.string().nullable(),
  redirectionPage: z.string().nullable(),
  tagline: z.string().nullable(),
  industry: z.string().nullable(),
  signatureTypesPreferences: z.object({
    isDrawnSignaturesAvailable: z.boolean(),
    isUploadedSignaturesAvailable: z.boolean(),
    isTypedSignaturesAvailable: z.boolean(),
  }),
  enableSignerAccessCodes: z.boolean(),
  /** Whether the account's plan lets it save these (Business): the page opens the upgrade modal otherwise. */
  isAvailable: z.boolean(),
});
export type CompanySettings = z.infer<typeof companySettings>;

export const updateCompanyRequest = z.object({
  companyName: companyText(COMPANY_TEXT_LIMITS.companyName),
  companyEmail: companyText(COMPANY_TEXT_LIMITS.companyEmail),
  emailTemplate: companyText(COMPANY_TEXT_LIMITS.emailTemplate),
  redirectionPage: companyText(COMPANY_TEXT_LIMITS.redirectionPage).refine(
    (value) => value === null || isRedirectionPageValid(value),
    MESSAGES.urlShouldStartWithHttp,
  ),
  tagline: companyText(COMPANY_TEXT_LIMITS.tagline),
  industry: companyText(COMPANY_TEXT_LIMITS.industry),
  signatureTypesPreferences: z
    .object({
      isDrawnSignaturesAvailable: z.boolean(),
      isUploadedSignaturesAvailable: z.boolean(),
      isTypedSignaturesAvailable: z.boolean(),
    })
    .refine((types) => Object.values(types).some(Boolean), MESSAGES.atLeastOneSignatureType),
  enableSignerAccessCodes: z.boolean(),
});
export type UpdateCompanyRequest = z.input<typeof updateCompanyRequest>;
export type CompanyValues = z.output<typeof updateCompanyRequest>;

/** GET user/company: the owner's settings (defaults when never saved), on every plan, with whether it may save. */
export const getCompany = { ...ROUTES.getCompany, response: companySettings } as const;
/** PATCH user/company: Business only (403 QUOTA_EXCEEDED otherwise); 'Company information successfully saved'. */
export const updateCompany = {
  ...ROUTES.updateCompany,
  body: updateCompanyRequest,
  response: companySettings,
} as const;
/** The uploaded logo's key (from auth/put_signed_asset_url); checked by content and kept 280x50; Business only. */
export const updateCompanyLogo = {
  ...ROUTES.updateCompanyLogo,
  body: z.object({ key: z.string().min(1, MESSAGES.required).max(512) }),
  response: companySettings,
} as const;
export const deleteCompanyLogo = { ...ROUTES.deleteCompanyLogo, response: companySettings } as const;
/** A company's current logo (PNG), to anyone with its address (a random name that changes with each upload). */
export const companyLogo = {
  ...ROUTES.companyLogo,
  params: z.object({ userId: z.string().uuid(), file: z.string().regex(/^[0-9a-f-]{36}\.png$/) }),
} as const;

/** What a signer's page shows of the document owner's company (section 6): null fields when it has none. */
export const signerCompany = z.object({
  logoUrl: z.string().nullable(),
  name: z.string().nullable(),
  tagline: z.string().nullable(),
});
export type SignerCompany = z.infer<typeof signerCompany>;
