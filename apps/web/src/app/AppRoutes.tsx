import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { notifyError, notifyInfo } from '../api/notify';
import { clearTokens } from '../api/tokens';
import { AboutPage } from '../features/about/AboutPage';
import { logOut, useCurrentUser } from '../features/auth/api';
import { useAuthStatus } from '../features/auth/auth-status';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
import { ConfirmAccountPage } from '../features/auth/ConfirmAccountPage';
import { ConfirmEmailPage } from '../features/auth/ConfirmEmailPage';
import { LoginPage } from '../features/auth/LoginPage';
import { ResetPage } from '../features/auth/ResetPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { useIdleLogout } from '../features/auth/use-idle-logout';
import { DevMailPage } from '../features/dev/DevMailPage';
import { PrepareDocumentPage } from '../features/prepare/PrepareDocumentPage';
import { PREPARE_ROUTES } from '../features/prepare/prepare-routes';
import { EditSignaturePage } from '../features/requisites';
import { SignPage } from '../features/sign/SignPage';
import { GuestLayout } from '../layouts/GuestLayout';
import { LoginLayout } from '../layouts/LoginLayout';
import { MainLayout } from '../layouts/MainLayout';
import { FullPageLoader } from './FullPageLoader';

/** The signer page and the download page: loaded when opened (no editor code). */
const SignerPage = lazy(() => import('../features/signing/SignerPage'));
const DownloadPage = lazy(() => import('../features/signing/DownloadPage'));

/** Routes by who may open them: logged out, logged in; both share the guest pages. */
export function AppRoutes() {
  const isAuthorized = useAuthStatus() === 'authorized';
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isAuthorized) queryClient.removeQueries({ queryKey: ['currentUser'] });
  }, [isAuthorized, queryClient]);

  return isAuthorized ? <LoggedInRoutes /> : <LoggedOutRoutes />;
}

/** Pages open to everyone, logged in or out. */
const guestRoutes = (
  <>
    <Route element={<GuestLayout />}>
      <Route path="/change_password" element={<ChangePasswordPage />} />
      <Route path="/confirm_email" element={<ConfirmEmailPage />} />
      <Route path="/dev/mail" element={<DevMailPage />} />
      <Route path="/about" element={<AboutPage />} />
      {['/documents/:documentId/download', '/documents/:documentId/:signerId/download'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<FullPageLoader />}>
              <DownloadPage />
            </Suspense>
          }
        />
      ))}
    </Route>
    <Route
      path="/documents/:documentId/sign"
      element={
        <Suspense fallback={<FullPageLoader />}>
          <SignerPage />
        </Suspense>
      }
    />
  </>
);

function LoggedOutRoutes() {
  return (
    <Routes>
      <Route element={<LoginLayout />}>
        <Route path="/signup" element={<SignUpPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/reset" element={<ResetPage />} />
        <Route path="/confirm-account" element={<ConfirmAccountPage />} />
      </Route>
      {guestRoutes}
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
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

  if (currentUser.data === undefined) return <FullPageLoader />;
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path="/sign" element={<SignPage />} />
        <Route path="/settings/edit-signature" element={<EditSignaturePage />} />
        {PREPARE_ROUTES.map(({ path, documentType }) => (
          // The key gives each route its own page state when moving between them.
          <Route
            key={path}
            path={path}
            element={<PrepareDocumentPage key={documentType} documentType={documentType} />}
          />
        ))}
      </Route>
      <Route element={<LoginLayout />}>
        <Route path="/reset" element={<ResetPage />} />
      </Route>
      {guestRoutes}
      <Route path="*" element={<Navigate to="/sign" replace />} />
    </Routes>
  );
}
