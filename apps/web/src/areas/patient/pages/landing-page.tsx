import { usePageTitle } from '@/lib/use-page-title';
import { Link } from 'react-router';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useUserInfo } from '../api/auth-api';
import { usePendingSurveys, useServices } from '../api/services-api';
import { AppointmentList } from '../appointments/appointment-list';
import { landingAppointments } from '../appointments/appointment-rules';
import { usePatientContext } from '../patient-state';
import { landingTexts } from '../acting-names';
import { useNow } from '@/lib/use-now';
import { Loading } from '@/components/route-fallbacks';

/**
 * Spec §2 landing: greeting by first name (while acting, whom the parent acts for); 'Your activity' with pending surveys and upcoming appointments
 * (within 3 days, else only the next one); tiles for messages, remote reception and booking by their flags.
 */
export function LandingPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.home'));
  const lang = currentLanguage();
  const user = useUserInfo();
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  // `GET /api/services` gives the appointments wherever bookings are on (the services only with remote reception).
  const services = useServices(config?.bookingsEnabled === true);
  const surveys = usePendingSurveys();
  const now = useNow();
  if (!config) return null;

  const texts = landingTexts(user.data?.firstName, config.actOnBehalf);
  const appointments = landingAppointments(services.data?.appointments ?? [], now);
  const pending = surveys.data ?? [];
  const tiles = [
    { on: config.asyncMessagingEnabled, to: '/messages', id: 'messages' },
    { on: config.remoteReceptionEnabled, to: '/services', id: 'services' },
    { on: config.bookingsEnabled, to: '/book', id: 'book' },
  ].filter((tile) => tile.on);
  const loading = services.isPending && services.fetchStatus !== 'idle';

  return (
    <>
      <h1 className="page-title">{t(...texts.heading)}</h1>
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title">{t('landing.activity')}</h2>
        {(services.isError || surveys.isError) && (
          <p className="alert" role="alert">
            {t('common.loadError')}
          </p>
        )}
        {pending.length > 0 && (
          <>
            <h3>{t('landing.surveys')}</h3>
            <ul className="item-list">
              {pending.map((s) => (
                <li key={s.response_id}>
                  <Link className="item" to={`/survey/${encodeURIComponent(s.response_id)}`}>
                    <span className="item-title">{s.survey_name[lang]}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
        {appointments.length > 0 && (
          <>
            <h3>{t('landing.upcoming')}</h3>
            <AppointmentList appointments={appointments} />
          </>
        )}
        {/* A line while the activity loads keeps the tiles below from jumping when it arrives. */}
        {(loading || surveys.isPending) && <Loading />}
        {!loading && !surveys.isPending && pending.length === 0 && appointments.length === 0 && (
          <p className="empty">{t(...texts.noActivity)}</p>
        )}
      </section>
      {tiles.length > 0 && (
        <nav aria-label={t('landing.tiles')}>
          <ul className="tiles">
            {tiles.map((tile) => (
              <li key={tile.id}>
                <Link className="tile" to={tile.to}>
                  <span className="tile-title">{t(`landing.tile.${tile.id}.title`)}</span>
                  <span className="tile-text">{t(`landing.tile.${tile.id}.text`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}
