import { lazyComponent as page } from './lazy-component';

// Every page and layout is its own chunk, loaded when its route is opened: a signer's link loads the signer page
// and what it uses, never the dashboard, the editor or the account forms.

export const GuestLayout = page(async () => (await import('../layouts/GuestLayout')).GuestLayout);
export const LoginLayout = page(async () => (await import('../layouts/LoginLayout')).LoginLayout);
export const MainLayout = page(async () => (await import('../layouts/MainLayout')).MainLayout);

export const AboutPage = page(async () => (await import('../features/about/AboutPage')).AboutPage);
export const ChangePasswordPage = page(
  async () => (await import('../features/auth/ChangePasswordPage')).ChangePasswordPage,
);
export const ConfirmAccountPage = page(
  async () => (await import('../features/auth/ConfirmAccountPage')).ConfirmAccountPage,
);
export const ConfirmEmailPage = page(async () => (await import('../features/auth/ConfirmEmailPage')).ConfirmEmailPage);
export const LoginPage = page(async () => (await import('../features/auth/LoginPage')).LoginPage);
export const TwoFactorPage = page(async () => (await import('../features/auth/TwoFactorPage')).TwoFactorPage);
export const ResetPage = page(async () => (await import('../features/auth/ResetPage')).ResetPage);
export const SignUpPage = page(async () => (await import('../features/auth/SignUpPage')).SignUpPage);
export const BulkSendPage = page(async () => (await import('../features/bulk-send/BulkSendPage')).BulkSendPage);
export const DevMailPage = page(async () => (await import('../features/dev/DevMailPage')).DevMailPage);
export const DevSmsPage = page(async () => (await import('../features/dev/DevSmsPage')).DevSmsPage);
export const SecurityPage = page(async () => (await import('../features/settings/security/SecurityPage')).SecurityPage);
export const DocumentPreviewPage = page(
  async () => (await import('../features/documents/DocumentPreviewPage')).DocumentPreviewPage,
);
export const DocumentsPage = page(async () => (await import('../features/documents/DocumentsPage')).DocumentsPage);
export const EditorPage = page(async () => (await import('../features/editor/EditorPage')).default);
export const PrepareDocumentPage = page(
  async () => (await import('../features/prepare/PrepareDocumentPage')).PrepareDocumentPage,
);
export const EditSignaturePage = page(
  async () => (await import('../features/requisites/EditSignaturePage')).EditSignaturePage,
);
export const SignPage = page(async () => (await import('../features/sign/SignPage')).SignPage);
export const FormsPage = page(async () => (await import('../features/forms/FormsPage')).FormsPage);
export const PublicFormPage = page(async () => (await import('../features/forms/PublicFormPage')).PublicFormPage);
export const SignerPage = page(async () => (await import('../features/signing/SignerPage')).default);
export const DownloadPage = page(async () => (await import('../features/signing/DownloadPage')).default);
export const TemplatesPage = page(async () => (await import('../features/templates/TemplatesPage')).TemplatesPage);
export const TemplateCreatePage = page(
  async () => (await import('../features/templates/TemplateCreatePage')).TemplateCreatePage,
);
export const TemplateEditPage = page(
  async () => (await import('../features/templates/TemplateEditPage')).TemplateEditPage,
);
export const SettingsLayout = page(async () => (await import('../features/settings/SettingsLayout')).SettingsLayout);
export const OwnerOnly = page(async () => (await import('../features/settings/OwnerOnly')).OwnerOnly);
export const ProfilePage = page(async () => (await import('../features/settings/ProfilePage')).ProfilePage);
export const ConfirmEmailChangePage = page(
  async () => (await import('../features/settings/ConfirmEmailChangePage')).ConfirmEmailChangePage,
);
