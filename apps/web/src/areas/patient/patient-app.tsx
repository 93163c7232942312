import './patient-texts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation, useSearchParams } from 'react-router';
import type { Language } from '@prsp/contracts';
import { CookieBanner } from '../../components/cookie-banner';
import { LanguageSwitcher } from '../../components/language-switcher';
import { PageLayout } from '../../components/page-layout';
import { Loading, NotFound } from '../../components/route-fallbacks';
import { changeLanguage, initialPatientLanguage, readLanguageCookie } from '../../lib/i18n';
import { AuthenticationPage } from './authentication-page';
import { useAuthCheck } from './auth-api';
import { PortalStartPage } from './portal-start-page';

function PatientLayout() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const langParam = params.get('lang');

  // Spec §1: the `lang` query parameter wins and is remembered in the `language` cookie.
  useEffect(() => {
    const { lang, fromQuery } = initialPatientLanguage(langParam ? `?lang=${langParam}` : '', readLanguageCookie());
    void changeLanguage(lang, { remember: fromQuery });
  }, [langParam]);

  const switchLanguage = (lang: Language) => {
    void changeLanguage(lang, { remember: true });
    if (params.has('lang')) {
      params.delete('lang');
      setParams(params, { replace: true });
    }
  };

  return (
    <PageLayout title={t('app.name')} header={<LanguageSwitcher onChange={switchLanguage} />}>
      <Outlet />
      <CookieBanner />
    </PageLayout>
  );
}

/** Only signed-in patients pass; others go to the authentication page. */
function RequireAuth({ children }: { children: React.ReactNode }) {
  const auth = useAuthCheck();
  if (auth.isPending) return <Loading />;
  if (!auth.data) return <Navigate to="/authentication" replace />;
  return children;
}

/** Spec §2 default redirect, as far as the foundation goes: unauthenticated to authentication, else the portal. */
function DefaultRedirect() {
  const auth = useAuthCheck();
  const { search } = useLocation();
  if (auth.isPending) return <Loading />;
  return <Navigate to={auth.data ? '/landing' : `/authentication${search}`} replace />;
}

export function PatientApp() {
  return (
    <Routes>
      <Route element={<PatientLayout />}>
        <Route index element={<DefaultRedirect />} />
        <Route path="authentication" element={<AuthenticationPage variant="login" />} />
        <Route path="logout" element={<AuthenticationPage variant="logout" />} />
        <Route
          path="landing"
          element={
            <RequireAuth>
              <PortalStartPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFound home="/" />} />
      </Route>
    </Routes>
  );
}
