import { loadPublicTexts } from '../i18n';
import { lazyComponent as page } from './lazy-component';

// The pages a signer and a public form's visitor open from a link, and their layout: the only pages the app's first
// chunk names (./AppRoutes.tsx); every other page is in ./pages.ts, loaded with the account's routes.

export const GuestLayout = page(async () => (await import('../layouts/GuestLayout')).GuestLayout);
export const SignerPage = page(async () => (await import('../features/signing/SignerPage')).default);
export const DownloadPage = page(async () => (await import('../features/signing/DownloadPage')).default);
// A public form's texts (`forms.public`) are the logged-out pages' (loadPublicTexts), not the signer's: with its code.
export const PublicFormPage = page(
  async () => (await Promise.all([import('../features/forms/PublicFormPage'), loadPublicTexts()]))[0].PublicFormPage,
);
