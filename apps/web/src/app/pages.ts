import { loadAppTexts, loadPublicTexts } from '../i18n';
import { lazyComponent as page } from './lazy-component';

// Every page and layout is its own chunk, loaded when its route is opened. This table and the routes that use it
// (./AccountRoutes.tsx) are a chunk of their own too: a signer's link and a public form's page load only
// ./public-pages.ts, never this list, which grows with every page of the app.

/** A page behind a log-in (or a development page): its code and the app's texts (i18n/en-app.ts) load together. */
const appPage: typeof page = (load) => page(async () => (await Promise.all([load(), loadAppTexts()]))[0]);
/** A logged-out page: its code and the logged-out pages' texts (loadPublicTexts) load together. */
const publicPage: typeof page = (load) => page(async () => (await Promise.all([load(), loadPublicTexts()]))[0]);

export const LoginLayout = publicPage(async () => (await import('../layouts/LoginLayout')).LoginLayout);
export const MainLayout = appPage(async () => (await import('../layouts/MainLayout')).MainLayout);

// Its texts come with the app's (en-app.ts), not on the signer page's first load.
export const VerifyPage = appPage(async () => (await import('../features/verify/VerifyPage')).VerifyPage);
export const AboutPage = publicPage(async () => (await import('../features/about/AboutPage')).AboutPage);
export const ChangePasswordPage = publicPage(
  async () => (await import('../features/auth/ChangePasswordPage')).ChangePasswordPage,
);
export const ConfirmAccountPage = publicPage(
  async () => (await import('../features/auth/ConfirmAccountPage')).ConfirmAccountPage,
);
export const ConfirmEmailPage = publicPage(
  async () => (await import('../features/auth/ConfirmEmailPage')).ConfirmEmailPage,
);
export const SsoSignInPage = publicPage(async () => (await import('../features/auth/SsoSignInPage')).SsoSignInPage);
export const SsoFinishPage = publicPage(async () => (await import('../features/auth/SsoFinishPage')).SsoFinishPage);
export const LoginPage = publicPage(async () => (await import('../features/auth/LoginPage')).LoginPage);
export const TwoFactorPage = appPage(async () => (await import('../features/auth/TwoFactorPage')).TwoFactorPage);
export const ResetPage = publicPage(async () => (await import('../features/auth/ResetPage')).ResetPage);
export const SignUpPage = publicPage(async () => (await import('../features/auth/SignUpPage')).SignUpPage);
export const BulkSendPage = appPage(async () => (await import('../features/bulk-send/BulkSendPage')).BulkSendPage);
export const DevMailPage = appPage(async () => (await import('../features/dev/DevMailPage')).DevMailPage);
export const DevSmsPage = appPage(async () => (await import('../features/dev/DevSmsPage')).DevSmsPage);
export const SecurityPage = appPage(
  async () => (await import('../features/settings/security/SecurityPage')).SecurityPage,
);
export const DocumentPreviewPage = appPage(
  async () => (await import('../features/documents/DocumentPreviewPage')).DocumentPreviewPage,
);
export const DocumentsPage = appPage(async () => (await import('../features/documents/DocumentsPage')).DocumentsPage);
export const EditorPage = appPage(async () => (await import('../features/editor/EditorPage')).default);
export const PrepareDocumentPage = appPage(
  async () => (await import('../features/prepare/PrepareDocumentPage')).PrepareDocumentPage,
);
export const EditSignaturePage = appPage(
  async () => (await import('../features/requisites/EditSignaturePage')).EditSignaturePage,
);
export const SignPage = appPage(async () => (await import('../features/sign/SignPage')).SignPage);
export const TeamPage = appPage(async () => (await import('../features/team/TeamPage')).TeamPage);
export const AcceptInvitePage = publicPage(
  async () => (await import('../features/team/AcceptInvitePage')).AcceptInvitePage,
);
export const IntegrationsPage = appPage(
  async () => (await import('../features/integrations/IntegrationsPage')).IntegrationsPage,
);
export const FormsPage = appPage(async () => (await import('../features/forms/FormsPage')).FormsPage);
export const TemplatesPage = appPage(async () => (await import('../features/templates/TemplatesPage')).TemplatesPage);
export const TemplateCreatePage = appPage(
  async () => (await import('../features/templates/TemplateCreatePage')).TemplateCreatePage,
);
export const TemplateEditPage = appPage(
  async () => (await import('../features/templates/TemplateEditPage')).TemplateEditPage,
);
export const SettingsLayout = appPage(async () => (await import('../features/settings/SettingsLayout')).SettingsLayout);
export const SsoSettingsPage = appPage(
  async () => (await import('../features/settings/SsoSettingsPage')).SsoSettingsPage,
);
export const RetentionPage = appPage(async () => (await import('../features/settings/RetentionPage')).RetentionPage);
export const CompanyPage = appPage(async () => (await import('../features/settings/CompanyPage')).CompanyPage);
export const OwnerOnly = appPage(async () => (await import('../features/settings/OwnerOnly')).OwnerOnly);
export const SettingsHome = appPage(async () => (await import('../features/settings/OwnerOnly')).SettingsHome);
// Logged out, but with the app's texts: the purchase's texts stay out of the signer page's first load.
export const PurchaseSignUpPage = appPage(
  async () => (await import('../features/purchase/PurchaseSignUpPage')).PurchaseSignUpPage,
);
export const PurchasePaymentPage = appPage(
  async () => (await import('../features/purchase/PurchasePaymentPage')).PurchasePaymentPage,
);
export const ApiPage = appPage(async () => (await import('../features/api-keys/ApiPage')).ApiPage);
export const RequestHistoryPage = appPage(
  async () => (await import('../features/api-keys/RequestHistoryPage')).RequestHistoryPage,
);
export const BillingPage = appPage(async () => (await import('../features/billing/BillingPage')).BillingPage);
export const PlanPage = appPage(async () => (await import('../features/billing/PlanPage')).PlanPage);
export const ProfilePage = appPage(async () => (await import('../features/settings/ProfilePage')).ProfilePage);
export const ConfirmEmailChangePage = appPage(
  async () => (await import('../features/settings/ConfirmEmailChangePage')).ConfirmEmailChangePage,
);
export const AppSumoThanksPage = appPage(
  async () => (await import('../features/appsumo/AppSumoThanksPage')).AppSumoThanksPage,
);
