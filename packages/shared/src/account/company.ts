/**
 * Company branding (spec part 2, sections 3, 5, 6 and 9): zod-free limits and rules both sides run. The settings'
 * request schema is in contracts/company.ts.
 */

import type { PlanType } from '../api/constants.js';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from './account-settings.js';
import type { RequisiteValueType } from './requisites.js';

/** The logo: the avatar's types by content and size as uploaded, cropped at 5.6:1 and kept 280x50 (section 9). */
export const COMPANY_LOGO_EXTENSIONS = AVATAR_EXTENSIONS;
export const COMPANY_LOGO_MAX_BYTES = AVATAR_MAX_BYTES;
export const COMPANY_LOGO_WIDTH_PX = 280;
export const COMPANY_LOGO_HEIGHT_PX = 50;
export const COMPANY_LOGO_ASPECT = COMPANY_LOGO_WIDTH_PX / COMPANY_LOGO_HEIGHT_PX;

/** Lengths of the company's texts (the spec names no limits; these keep a mail's header and footer sane). */
export const COMPANY_TEXT_LIMITS = {
  companyName: 100,
  companyEmail: 100,
  emailTemplate: 500,
  redirectionPage: 2000,
  tagline: 200,
  industry: 100,
} as const;

/** Custom Business Branding, signature type preferences, signer access codes and custom redirection (section 6). */
export function canUseCompanyBranding(user: { planType: PlanType }): boolean {
  return user.planType === 'business';
}

/** A redirection page as the company form takes it: empty, or an address starting with http:// or https://. */
export function isRedirectionPageValid(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || /^https?:\/\/\S+$/i.test(trimmed);
}

/** The three signature-type preferences, as the spec's User/Company entity names them. */
export interface SignatureTypesPreferences {
  isDrawnSignaturesAvailable: boolean;
  isUploadedSignaturesAvailable: boolean;
  isTypedSignaturesAvailable: boolean;
}

/** Every type allowed: a document whose owner has no company settings. */
export const ALL_SIGNATURE_TYPES: SignatureTypesPreferences = {
  isDrawnSignaturesAvailable: true,
  isUploadedSignaturesAvailable: true,
  isTypedSignaturesAvailable: true,
};

/** The saved signatures' value types (draw, upload, text) the preferences allow, in the chooser's order. */
export function allowedSignatureValueTypes(preferences: SignatureTypesPreferences): RequisiteValueType[] {
  return [
    ...(preferences.isDrawnSignaturesAvailable ? (['draw'] as const) : []),
    ...(preferences.isTypedSignaturesAvailable ? (['text'] as const) : []),
    ...(preferences.isUploadedSignaturesAvailable ? (['upload'] as const) : []),
  ];
}
