import { Link, useSearchParams } from 'react-router';
import type { PatientAppointment, RescheduleInfo } from '@prsp/contracts';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useBookSlot, useRescheduleAppointment, useRescheduleInfo } from '../api/booking-api';
import { PATIENT_PATHS } from '../route-rules';
import './reschedule-texts';

/**
 * The book page in reschedule mode (issue 29: change the time instead of cancelling and booking again), opened as
 * `/book?reschedule=<appointmentId>` from the appointment modal or the bookings list. `info` is the appointment being
 * changed with the specialization to search (null while loading, when refused, or when not changing a time);
 * `blocked` when the server says it can no longer be changed.
 */
export type RescheduleMode = { uuid: string | null; info: RescheduleInfo | null; blocked: boolean };

export function useRescheduleMode(): RescheduleMode {
  const [params] = useSearchParams();
  const uuid = params.get('reschedule');
  const info = useRescheduleInfo(uuid);
  return { uuid, info: info.data ?? null, blocked: uuid !== null && info.isError };
}

/** Confirms the held time: a booking, or in reschedule mode the change of `rescheduleOf`'s time to it. */
export function useConfirmBooking(rescheduleOf: PatientAppointment | undefined) {
  const book = useBookSlot();
  const change = useRescheduleAppointment(rescheduleOf?.uuid ?? null);
  return rescheduleOf ? change : book;
}

/** The answers given at booking, by question, to start the confirmation's form from. */
export function previousAnswers(appointment: PatientAppointment | undefined): Record<string, string> {
  return Object.fromEntries((appointment?.preQuestionnaire ?? []).map((a) => [a.id, a.answer]));
}

/**
 * Above the steps in reschedule mode: which time is being changed ("Vaihdat aikaa: ti 1.12. klo 10.00"), that it
 * stands until the new one is confirmed, and a way out; once `done`, that the change was made. A refused appointment
 * says it can no longer be changed here.
 */
export function RescheduleBanner({ mode, done }: { mode: RescheduleMode; done: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (!mode.uuid) return null;
  if (mode.blocked)
    return (
      <div className="card">
        <p className="alert" role="alert">
          {t('reschedule.notChangeable')}
        </p>
        <p className="actions">
          <Link className="button secondary" to={PATIENT_PATHS.bookings}>
            {t('bookings.title')}
          </Link>
        </p>
      </div>
    );
  if (!mode.info)
    return (
      <p className="hint" role="status">
        {t('reschedule.loading')}
      </p>
    );
  const time = formatDateTime(mode.info.appointment.startTime, lang, { style: 'weekday' });
  if (done)
    return (
      <p className="notice" role="status">
        {t('reschedule.done', { time })}
      </p>
    );
  return (
    <section className="card" aria-label={t('reschedule.title')}>
      <p>
        <strong>{t('reschedule.current', { time })}</strong>
      </p>
      <p className="hint">{t('reschedule.keeps')}</p>
      <p>
        <Link to={PATIENT_PATHS.bookings}>{t('reschedule.stop')}</Link>
      </p>
    </section>
  );
}
