import {
  COMPANY_LOGO_HEIGHT_PX,
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_WIDTH_PX,
  type CompanyValues,
  canUseCompanyBranding,
  MESSAGES,
} from '@esign/shared';
import { accountPlanOf } from '../../data/account-plan.js';
import * as repo from '../../data/company.js';
import type { UserRow } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { pngOfImage } from '../../platform/images.js';
import type { Storage } from '../../platform/storage/storage.js';
import {
  currentPictureFile,
  type PictureKind,
  removeStoredFile,
  replacePicture,
} from '../../platform/storage/stored-picture.js';

/** The logo's types of the spec (.jpg, .jpeg, .png, .bmp), by content. */
const LOGO_TYPES = new Set(['jpg', 'png', 'bmp']);
const MAX_LOGO_PIXELS = 50_000_000;

/** A 280x50 PNG of an uploaded logo (cropped at 5.6:1 in the browser; fitted inside on a clear ground if not). */
export async function companyLogoPng(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > COMPANY_LOGO_MAX_BYTES) throw new AppError('VALIDATION_ERROR', MESSAGES.avatarTooLarge);
  return pngOfImage(bytes, {
    types: LOGO_TYPES,
    resize: {
      width: COMPANY_LOGO_WIDTH_PX,
      height: COMPANY_LOGO_HEIGHT_PX,
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
    refusal: () => new AppError('VALIDATION_ERROR', MESSAGES.fileFormatNotCorrect),
    maxPixels: MAX_LOGO_PIXELS,
  });
}

export const COMPANY_LOGO: PictureKind = { ...repo.COMPANY_LOGO_PLACE, toPng: companyLogoPng };

/** Company branding (spec part 2, sections 2 to 9): the owner's settings and logo; saving is Business only. */
export function companyService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  const isAvailable = (user: UserRow) => canUseCompanyBranding({ planType: accountPlanOf(user) });
  function requireBusiness(user: UserRow) {
    if (!isAvailable(user)) throw new AppError('QUOTA_EXCEEDED', MESSAGES.companyBusinessOnly);
  }
  async function answer(user: UserRow) {
    return repo.toCompanyDto(user.id, await repo.findCompanySettings(db, user.id), isAvailable(user));
  }

  return {
    /** The owner's settings on any plan (the page shows them; saving opens the upgrade modal outside Business). */
    getCompany: (input: { user: UserRow }) => answer(input.user),

    async updateCompany(input: { user: UserRow; body: CompanyValues }) {
      requireBusiness(input.user);
      const { body } = input;
      await repo.saveCompanySettings(db, input.user.id, {
        companyName: body.companyName,
        companyEmail: body.companyEmail,
        emailTemplate: body.emailTemplate,
        redirectionPage: body.redirectionPage,
        tagline: body.tagline,
        industry: body.industry,
        ...body.signatureTypesPreferences,
        enableSignerAccessCodes: body.enableSignerAccessCodes,
      });
      return answer(input.user);
    },

    /** Takes the logo uploaded to `key` (the owner's own upload), keeps it 280x50 and removes the upload. */
    async setLogo(input: { user: UserRow; key: string }) {
      requireBusiness(input.user);
      const current = await repo.findCompanySettings(db, input.user.id);
      await replacePicture(storage, COMPANY_LOGO, {
        userId: input.user.id,
        uploadKey: input.key,
        previousKey: current?.companyLogoKey ?? null,
        save: async (key) => {
          await repo.saveCompanySettings(db, input.user.id, { companyLogoKey: key });
        },
      });
      return answer(input.user);
    },

    async removeLogo(input: { user: UserRow }) {
      const current = await repo.findCompanySettings(db, input.user.id);
      if (current?.companyLogoKey) {
        await repo.saveCompanySettings(db, input.user.id, { companyLogoKey: null });
        await removeStoredFile(storage, current.companyLogoKey);
      }
      return answer(input.user);
    },

    /** The bytes of a company's current logo; a replaced or removed one is not found. */
    async logoFile(input: { userId: string; file: string }) {
      const current = await repo.findCompanySettings(db, input.userId);
      return currentPictureFile(storage, COMPANY_LOGO, { ...input, currentKey: current?.companyLogoKey });
    },
  };
}
export type CompanyService = ReturnType<typeof companyService>;
