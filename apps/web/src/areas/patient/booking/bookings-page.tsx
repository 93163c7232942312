import { useState } from 'react';
import { Link } from 'react-router';
import { isVideoKind, type PatientAppointment } from '@prsp/contracts';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { usePageTitle } from '@/lib/use-page-title';
import { useServices } from '../api/services-api';
import { canCancel, isGroupAppointment, upcomingAppointments } from '../appointments/appointment-rules';
import { CancelAppointmentDialog } from '../appointments/cancel-dialog';
import { DeviceCheckLink, MeetingKindLabel } from '../appointments/meeting-kind';
import { RescheduleLink } from '../appointments/reschedule-link';
import { StartControl, StartNote } from '../appointments/start-control';
import { usePatientContext } from '../patient-state';
import { aboutPatient } from '../acting-names';
import './booking.css';

/**
 * Spec §2 'Booked appointments' (yourBookingsEnabled): the upcoming list, each with how it is held (a video one with
 * the way to the device check), start and cancel. The list (`GET /api/services`) refreshes every 5 s; start and
 * cancel are rechecked every 5 s (spec §4).
 */
export function BookingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('bookings.title'));
  const ctx = usePatientContext();
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const services = useServices();
  const now = useNow();
  const [cancelling, setCancelling] = useState<PatientAppointment | null>(null);
  const list = services.data ? upcomingAppointments(services.data.appointments, now) : null;

  return (
    <>
      <Link to="/landing" className="back-link">
        {t('common.backToHome')}
      </Link>
      <h1 className="page-title">{t('bookings.title')}</h1>
      <section className="card" aria-labelledby="bookings-list-title">
        <h2 id="bookings-list-title" className="visually-hidden">
          {t('bookings.title')}
        </h2>
        {!list ? (
          <QueryState error={services.error} onRetry={() => void services.refetch()} />
        ) : list.length === 0 ? (
          <p className="empty">{t(...aboutPatient('bookings.empty', config?.actOnBehalf))}</p>
        ) : (
          <>
            <p>{t('bookings.intro')}</p>
            <ul className="booking-list">
              {list.map((a) => (
                <BookingItem key={a.uuid} appointment={a} now={now} onCancel={setCancelling} />
              ))}
            </ul>
          </>
        )}
        {list && config?.bookingsEnabled && (
          <p className="actions">
            <Link className="button secondary" to="/book">
              {t('bookings.bookNew')}
            </Link>
          </p>
        )}
      </section>
      <CancelAppointmentDialog appointment={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

function BookingItem({
  appointment: a,
  now,
  onCancel,
}: {
  appointment: PatientAppointment;
  now: number;
  onCancel: (a: PatientAppointment) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const when = formatDateTime(a.startTime, lang, { style: 'weekday' });
  const cancellable = canCancel(a, now);
  return (
    <li className="booking-item">
      <h3>{a.name}</h3>
      <dl className="facts">
        <dt>{t('appointment.time')}</dt>
        <dd>{when}</dd>
        <dt>{t('appointment.duration')}</dt>
        <dd>{t('appointment.minutes', { count: a.duration })}</dd>
        <dt>{t('appointment.kind')}</dt>
        <dd>
          <MeetingKindLabel kind={a.kind} />
        </dd>
      </dl>
      <StartNote appointment={a} now={now} />
      {isVideoKind(a.kind) && <DeviceCheckLink />}
      <p className="hint">
        {isGroupAppointment(a) ? t('appointment.groupCancel') : cancellable ? t('appointment.cancelUntil') : t('appointment.cannotCancel')}
      </p>
      <div className="actions">
        <StartControl appointment={a} now={now} labelSuffix={`${a.name}, ${when}`} />
        <RescheduleLink appointment={a} now={now} labelSuffix={`${a.name}, ${when}`} />
        {cancellable && (
          <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => onCancel(a)}>
            {t('appointment.cancel')}
            <span className="visually-hidden">
              : {a.name}, {when}
            </span>
          </button>
        )}
      </div>
    </li>
  );
}
