import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect } from 'react';
import { Navigate, Route, useNavigate } from 'react-router';
import { notifyError, notifyInfo } from '../api/notify';
import { queryKeys } from '../api/query-keys';
import { clearTokens } from '../api/tokens';
import { logOut, useCurrentUser } from '../features/auth/api';
import { useAuthStatus } from '../features/auth/auth-status';
import { useIdleLogout } from '../features/auth/use-idle-logout';
import { prefetchEditor } from '../features/editor/prefetch';
import { PREPARE_ROUTES } from '../features/prepare/prepare-routes';
import { TEMPLATE_KINDS } from '../features/templates/template-kinds';
import { useTranslation } from '../i18n';
import { PageRoutes } from './PageRoutes';
import {
  AboutPage,
  AcceptInvitePage,
  ApiPage,
  AppSumoThanksPage,
  BillingPage,
  BulkSendPage,
  ChangePasswordPage,
  CompanyPage,
  ConfirmAccountPage,
  ConfirmEmailChangePage,
  ConfirmEmailPage,
  DevMailPage,
  DevSmsPage,
  DocumentPreviewPage,
  DocumentsPage,
  EditorPage,
  EditSignaturePage,
  FormsPage,
  IntegrationsPage,
  LoginLayout,
  LoginPage,
  MainLayout,
  OwnerOnly,
  PlanPage,
  PrepareDocumentPage,
  ProfilePage,
  PurchasePaymentPage,
  PurchaseSignUpPage,
  RequestHistoryPage,
  ResetPage,
  RetentionPage,
  SecurityPage,
  SettingsHome,
  SettingsLayout,
  SignPage,
  SignUpPage,
  SsoFinishPage,
  SsoSettingsPage,
  SsoSignInPage,
  TeamPage,
  TemplateCreatePage,
  TemplateEditPage,
  TemplatesPage,
  TwoFactorPage,
  VerifyPage,
} from './pages';
import { GuestLayout } from './public-pages';

/**
 * The app's routes but the public ones (./AppRoutes.tsx), by who may open them: logged out, logged in; both share
 * the guest pages. A chunk of its own with the table of pages (./pages.ts).
 */
export function AccountRoutes() {
  const isAuthorized = useAuthStatus() === 'authorized';
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isAuthorized) queryClient.removeQueries({ queryKey: queryKeys.currentUser() });
  }, [isAuthorized, queryClient]);

  useEffect(() => {
    if (isAuthorized) prefetchEditor(queryClient, window.location.pathname);
  }, [isAuthorized, queryClient]);

  return isAuthorized ? <LoggedInRoutes /> : <LoggedOutRoutes />;
}

/** Pages open to everyone, logged in or out. */
const guestRoutes: ReactNode = (
  <>
    <Route element={<GuestLayout />}>
      <Route path="/change_password" element={<ChangePasswordPage />} />
      <Route path="/confirm_email" element={<ConfirmEmailPage />} />
      <Route path="/confirm_email_change" element={<ConfirmEmailChangePage />} />
      <Route path="/dev/mail" element={<DevMailPage />} />
      <Route path="/dev/sms" element={<DevSmsPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/verify" element={<VerifyPage />} />
      <Route path="/teams/:teamId/accept_invite" element={<AcceptInvitePage />} />
      <Route path="/appsumo_thanks" element={<AppSumoThanksPage />} />
    </Route>
  </>
);

function LoggedOutRoutes() {
  return (
    <PageRoutes>
      <Route element={<LoginLayout />}>
        <Route path="/signup" element={<SignUpPage />} />
        <Route path="/signup/personal" element={<PurchaseSignUpPage key="personal" plan="personal" />} />
        <Route path="/signup/business" element={<PurchaseSignUpPage key="business" plan="business" />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/login/sso" element={<SsoSignInPage />} />
        <Route path="/sso" element={<SsoFinishPage />} />
        <Route path="/reset" element={<ResetPage />} />
        <Route path="/confirm-account" element={<ConfirmAccountPage />} />
        <Route path="/two-factor" element={<TwoFactorPage />} />
      </Route>
      {guestRoutes}
      <Route path="*" element={<Navigate to="/login" replace />} />
    </PageRoutes>
  );
}

function LoggedInRoutes() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();

  const onIdleTimeout = useCallback(() => {
    logOut(queryClient);
    notifyInfo(t('common.idleLoggedOut'));
    navigate('/login');
  }, [navigate, queryClient, t]);
  useIdleLogout(true, onIdleTimeout);

  useEffect(() => {
    if (!currentUser.isError) return;
    notifyError(currentUser.error);
    clearTokens();
  }, [currentUser.isError, currentUser.error]);

  return (
    <PageRoutes isWaiting={currentUser.data === undefined}>
      <Route element={<MainLayout />}>
        <Route path="/sign" element={<SignPage />} />
        <Route path="/bulk-send" element={<BulkSendPage />} />
        <Route path="/team" element={<TeamPage />} />
        <Route path="/signup/personal" element={<PurchasePaymentPage key="personal" plan="personal" />} />
        <Route path="/signup/business" element={<PurchasePaymentPage key="business" plan="business" />} />
        <Route path="/settings" element={<SettingsLayout />}>
          <Route index element={<SettingsHome />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="edit-signature" element={<EditSignaturePage />} />
          <Route path="security" element={<SecurityPage />} />
          {/* The pages only an account's owner may open (company, api, billing) go inside this one. */}
          <Route element={<OwnerOnly />}>
            <Route path="api" element={<ApiPage />} />
            <Route path="api/:apiKeyId/request_history" element={<RequestHistoryPage />} />
            {/* A history without a key id: the user goes to / (section 2). */}
            <Route path="api/request_history" element={<Navigate to="/" replace />} />
            <Route path="billing" element={<BillingPage />} />
            <Route path="billing/plan" element={<PlanPage />} />
            <Route path="company" element={<CompanyPage />} />
            <Route path="sso" element={<SsoSettingsPage />} />
            <Route path="retention" element={<RetentionPage />} />
          </Route>
        </Route>
        <Route path="/documents/:status?" element={<DocumentsPage />} />
        <Route path="/templates/create" element={<TemplateCreatePage />} />
        <Route path="/templates/:templateId/edit" element={<TemplateEditPage key="details" step="details" />} />
        <Route path="/templates/:status?" element={<TemplatesPage />} />
        <Route path="/form-requests/create" element={<TemplateCreatePage kind={TEMPLATE_KINDS.form_request} />} />
        <Route
          path="/form-requests/:templateId/edit"
          element={<TemplateEditPage key="form-details" step="details" kind={TEMPLATE_KINDS.form_request} />}
        />
        <Route path="/form-requests/:status?" element={<FormsPage />} />
        <Route path="/integrations" element={<IntegrationsPage />} />
        {PREPARE_ROUTES.map(({ path, documentType }) => (
          // The key gives each route its own page state when moving between them.
          <Route
            key={path}
            path={path}
            element={<PrepareDocumentPage key={documentType} documentType={documentType} />}
          />
        ))}
      </Route>
      <Route path="/documents/:documentId/edit" element={<EditorPage />} />
      <Route path="/templates/:templateId/edit/fields" element={<TemplateEditPage key="fields" step="fields" />} />
      <Route
        path="/form-requests/:templateId/edit/fields"
        element={<TemplateEditPage key="form-fields" step="fields" kind={TEMPLATE_KINDS.form_request} />}
      />
      <Route element={<LoginLayout />}>
        <Route path="/reset" element={<ResetPage />} />
      </Route>
      <Route path="/documents/:documentId/preview" element={<DocumentPreviewPage />} />
      {guestRoutes}
      <Route path="*" element={<Navigate to="/sign" replace />} />
    </PageRoutes>
  );
}
