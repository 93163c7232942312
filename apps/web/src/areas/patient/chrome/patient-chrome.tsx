import { lazy, Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { CookieBanner } from '@/components/cookie-banner';
import { Loading } from '@/components/route-fallbacks';
import { clearGuestSession, guestPagePath, useGuestSession } from '@/lib/guest-session';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { PageTitleOrganisation } from '@/lib/use-page-title';
import { usePatientContext } from '../patient-state';
import { PATIENT_PATHS, patientMainMenu, patientProfileMenu, type MenuEntryId } from '../route-rules';
import { ToastRegion } from '@/components/ui/toasts';
import { OnBehalfNotice } from './on-behalf-notice';
import { PatientHeader } from './patient-header';
import { backgroundStyle, useOrganisationTheme } from './use-organisation-theme';
import { organisationNameIn } from '../organisation-name';
import { usePatientLanguage } from './use-patient-language';

// The dialogs load when first opened: a signed-out visitor never needs them.
const ActOnBehalfDialog = lazy(async () => ({ default: (await import('./act-on-behalf-dialog')).ActOnBehalfDialog }));
const LogoutDialog = lazy(async () => ({ default: (await import('./logout-dialog')).LogoutDialog }));

/** Spec §2 chrome: skip link, header, menus, act-on-behalf banner, content, footer, toasts and the cookie banner. */
export function PatientChrome() {
  const { t } = useTranslation();
  const ctx = usePatientContext();
  const ready = ctx.phase === 'ready' ? ctx : undefined;
  const config = ready?.config;
  const authenticated = ready?.state.authenticated ?? false;
  const { offered, switchLanguage } = usePatientLanguage(authenticated, config);
  useOrganisationTheme(config);
  const [dialog, setDialog] = useState<'actOnBehalf' | 'logout' | null>(null);
  // A guest (no patient session) logs out of the guest session: the token goes, and they see the guests' signed-out page.
  const guest = useGuestSession();
  const guestOnly = ready !== undefined && !authenticated && guest !== null;
  const navigate = useNavigate();
  const onAction = (id: MenuEntryId) => {
    if (id === 'logout' && guestOnly) {
      clearGuestSession();
      return void navigate(PATIENT_PATHS.guestSignedOut, { replace: true });
    }
    setDialog(id === 'logout' ? 'logout' : 'actOnBehalf');
  };
  const actingFor = config?.actOnBehalf?.name ?? null;
  const privacy = config?.privacyStatement[currentLanguage()];

  return (
    <div className="page patient-page" style={backgroundStyle(config)}>
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <PatientHeader
        config={config}
        mainMenu={ready ? patientMainMenu(ready.state) : []}
        profileMenu={ready ? patientProfileMenu(ready.state) : []}
        languages={offered}
        onLanguage={switchLanguage}
        onAction={onAction}
        homePath={authenticated ? '/landing' : guestOnly ? guestPagePath(guest.appointmentId) : '/'}
      />
      {actingFor && (
        <div className="acting-banner">
          <p>
            {t('actOnBehalf.banner')} <strong>{actingFor}</strong>
          </p>
          <button type="button" className="button secondary small" onClick={() => setDialog('actOnBehalf')}>
            {t('actOnBehalf.change')}
          </button>
        </div>
      )}
      <main id="content" tabIndex={-1}>
        <OnBehalfNotice />
        <Suspense fallback={<Loading />}>
          <PageTitleOrganisation name={config && organisationNameIn(config, currentLanguage())}>
            <Outlet />
          </PageTitleOrganisation>
        </Suspense>
      </main>
      <footer className="site-footer">
        {privacy?.url ? (
          <p>
            <a href={privacy.url}>{privacy.name}</a>
          </p>
        ) : null}
        <p>{t('app.footer')}</p>
      </footer>
      <ToastRegion />
      <CookieBanner />
      <Suspense fallback={null}>
        {dialog === 'actOnBehalf' && <ActOnBehalfDialog open onClose={() => setDialog(null)} actingFor={actingFor} />}
        {dialog === 'logout' && <LogoutDialog open onClose={() => setDialog(null)} />}
      </Suspense>
    </div>
  );
}
