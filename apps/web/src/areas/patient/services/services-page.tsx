import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { Link } from 'react-router';
import type { OpenService, QueueAvailability } from '@prsp/contracts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useServices } from '../api/services-api';
import { AppointmentDialog } from '../appointments/appointment-dialog';
import { AppointmentList } from '../appointments/appointment-list';
import { upcomingAppointments } from '../appointments/appointment-rules';
import { usePatientContext } from '../patient-state';
import { QueryState } from '@/components/ui/query-state';
import { useNow } from '@/lib/use-now';
import { availabilityLines } from './availability';
import '@/lib/presence-texts';
import { ChatCodeForm } from './chat-code-form';
import { ServiceIcon } from './service-icon';

/**
 * A service: what it is, its queue's hours today and whether a professional serves it (issue 29), its start, and
 * its appointment modal in `open` mode (spec §4 'Appointment modal modes').
 */
function ServiceCard({
  service,
  availability,
  now,
  onAbout,
}: {
  service: OpenService;
  availability?: QueueAvailability;
  now: number;
  onAbout: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const lines = availabilityLines(availability, lang, now);
  return (
    <li className="service-card">
      <ServiceIcon icon={service.serviceImage} />
      <div>
        <h3>{service.serviceName[lang]}</h3>
        <p>{service.serviceDescription[lang]}</p>
        {lines.length > 0 && (
          <ul className="service-availability">
            {lines.map((line) => (
              <li key={line.key}>{t(line.key, line.values)}</li>
            ))}
          </ul>
        )}
        <Link className="button" to={`/chat/${encodeURIComponent(service.uuid)}`}>
          {t('services.start')}
          <span className="visually-hidden">: {service.serviceName[lang]}</span>
        </Link>{' '}
        <button type="button" className="button secondary" aria-haspopup="dialog" onClick={onAbout}>
          {t('services.about')}
          <span className="visually-hidden">: {service.serviceName[lang]}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * Spec §2 service selection: back to the landing; upcoming appointments (with booking on and any ahead); the
 * open services; and, when chat-code services exist, the chat code form, its info and their list.
 */
export function ServicesPage() {
  const { t } = useTranslation();
  usePageTitle(t('services.title'));
  const lang = currentLanguage();
  const services = useServices();
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const now = useNow();
  const data = services.data;
  const upcoming = data && config?.bookingsEnabled ? upcomingAppointments(data.appointments, now) : [];
  // The service whose modal is open; it closes if the service leaves the list.
  const [aboutUuid, setAboutUuid] = useState<string | null>(null);
  const about = data?.openServices.find((s) => s.uuid === aboutUuid) ?? null;

  return (
    <>
      <Link to="/landing" className="back-link">
        {t('common.backToHome')}
      </Link>
      <h1 className="page-title">{t('services.title')}</h1>
      {!data ? (
        <QueryState error={services.error} onRetry={() => void services.refetch()} />
      ) : (
        <>
          {upcoming.length > 0 && (
            <section className="card" aria-labelledby="upcoming-title">
              <h2 id="upcoming-title">{t('services.upcoming')}</h2>
              <AppointmentList appointments={upcoming} />
            </section>
          )}
          <section className="card" aria-labelledby="open-title">
            <h2 id="open-title">{t('services.open')}</h2>
            {data.openServices.length > 0 ? (
              <ul className="service-list">
                {data.openServices.map((s) => (
                  <ServiceCard
                    key={s.uuid}
                    service={s}
                    availability={data.availability?.[s.chatQueueId]}
                    now={now}
                    onAbout={() => setAboutUuid(s.uuid)}
                  />
                ))}
              </ul>
            ) : (
              <p className="empty">{t('services.none')}</p>
            )}
            <AppointmentDialog
              subject={about ? { kind: 'open', service: about } : null}
              onClose={() => setAboutUuid(null)}
              onCancel={() => undefined}
            />
          </section>
          {data.chatCodeServices.length > 0 && (
            <section className="card" aria-labelledby="chat-code-title">
              <h2 id="chat-code-title">{t('chatCode.title')}</h2>
              <p>{t('chatCode.intro')}</p>
              <ChatCodeForm />
              <p>
                <Link className="button secondary" to="/profile/welcome?from=chatCodes">
                  {t('chatCode.info')}
                </Link>
              </p>
              <details className="disclosure">
                <summary>{t('chatCode.services')}</summary>
                <ul className="plain-list">
                  {data.chatCodeServices.map((s) => (
                    <li key={s.uuid}>
                      <strong>{s.serviceName[lang]}</strong>
                      <br />
                      {s.serviceDescription[lang]}
                    </li>
                  ))}
                </ul>
              </details>
            </section>
          )}
        </>
      )}
    </>
  );
}
