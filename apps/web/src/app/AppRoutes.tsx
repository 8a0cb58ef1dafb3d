import { Suspense, useEffect } from 'react';
import { Route, useLocation } from 'react-router';
import { dismissEarlyPage } from '../features/editor/early-page-state';
import { useAppConfig } from './app-config';
import { FullPageLoader } from './FullPageLoader';
import { lazyComponent } from './lazy-component';
import { MaintenancePage } from './MaintenancePage';
import { PageRoutes } from './PageRoutes';
import { DownloadPage, GuestLayout, PublicFormPage, SignerPage } from './public-pages';

/** Every other route, with the table of the app's pages: loaded only when one of them is opened. */
const AccountRoutes = lazyComponent(async () => (await import('./AccountRoutes')).AccountRoutes);

/**
 * The pages opened from a signing link or a public form's link, logged in or out, and then the rest of the app
 * (./AccountRoutes.tsx). A signer's first load carries these few routes only.
 */
export function AppRoutes() {
  // The editor's early page (early-page.ts) goes as soon as the app shows another address (a log-in, say).
  const { pathname } = useLocation();
  useEffect(() => dismissEarlyPage(pathname), [pathname]);

  if (useAppConfig().data?.isMaintenance) return <MaintenancePage />;
  // Pages load lazily (./public-pages.ts, ./pages.ts): the loader shows while a page's code arrives; navigations
  // between pages keep the current page on screen meanwhile (the router's transitions).
  return (
    <Suspense fallback={<FullPageLoader />}>
      <PageRoutes>
        <Route path="/documents/:documentId/sign" element={<SignerPage />} />
        <Route element={<GuestLayout />}>
          <Route path="/documents/:documentId/download" element={<DownloadPage />} />
          <Route path="/documents/:documentId/:signerId/download" element={<DownloadPage />} />
          <Route path="/form-requests/:formRequestId/send" element={<PublicFormPage />} />
        </Route>
        <Route path="*" element={<AccountRoutes />} />
      </PageRoutes>
    </Suspense>
  );
}
