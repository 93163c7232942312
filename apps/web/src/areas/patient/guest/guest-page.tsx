import './guest.css';
import './guest-texts';
import { useParams } from 'react-router';
import { Loading } from '@/components/route-fallbacks';
import { QueryState } from '@/components/ui/query-state';
import { useGuestSession } from '@/lib/guest-session';
import { usePageTitle } from '@/lib/use-page-title';
import { useGuestAuth, useGuestOrganisation } from './guest-api';
import { GuestAppointment } from './guest-appointment';
import { GuestLoginForm } from './guest-login-form';
import { useTranslation } from '@/lib/i18n';

/**
 * `/guest/:uuid` (spec §2 'Guest pages'): finds the appointment's organisation (whose look the chrome takes),
 * checks the guest's token, then shows the login form or the guest's appointment. An unknown appointment says
 * 'appointment not found' (spec §8).
 */
export function GuestPage() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const organisation = useGuestOrganisation(uuid);
  const session = useGuestSession();
  const hasToken = session?.appointmentId === uuid;
  const auth = useGuestAuth(uuid, hasToken);
  const guest = hasToken ? auth.data : null;
  const notFound = organisation.company.isError;

  usePageTitle(notFound ? t('guest.notFound.title') : guest ? t('guest.appointment.title') : t('guest.login.title'));

  if (notFound)
    return (
      <section className="card guest-card" aria-labelledby="guest-not-found">
        <h1 id="guest-not-found" className="page-title">
          {t('guest.notFound.title')}
        </h1>
        <p role="alert">{t('guest.notFound.text')}</p>
      </section>
    );
  if (organisation.company.isPending || (hasToken && auth.isPending)) return <Loading />;
  if (hasToken && auth.isError) return <QueryState error onRetry={() => void auth.refetch()} />;
  if (guest) return <GuestAppointment uuid={uuid} name={guest.name} />;
  return <GuestLoginForm uuid={uuid} />;
}
