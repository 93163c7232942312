import { Link } from 'react-router';
import type { PatientAppointment } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';
import { PATIENT_PATHS } from '../route-rules';
import { canReschedule } from './appointment-rules';
import '../booking/reschedule-texts';

/** The book page's address in reschedule mode for the appointment `uuid`. */
export const reschedulePath = (uuid: string) => `${PATIENT_PATHS.book}?reschedule=${encodeURIComponent(uuid)}`;

/**
 * "Change time" (issue 29: instead of cancelling and booking again) for the patient's own self-booked one-to-one
 * while it may still be cancelled: opens the book page in reschedule mode. With booking off the patient has no
 * appointments to list (`GET /api/services` answers none), so no flag check is needed here.
 * `labelSuffix` names the appointment for screen readers where several are listed.
 */
export function RescheduleLink({
  appointment: a,
  now,
  labelSuffix,
}: {
  appointment: PatientAppointment;
  now: number;
  labelSuffix?: string;
}) {
  const { t } = useTranslation();
  if (!canReschedule(a, now)) return null;
  return (
    <Link className="button secondary" to={reschedulePath(a.uuid)}>
      {t('reschedule.action')}
      {labelSuffix && <span className="visually-hidden">: {labelSuffix}</span>}
    </Link>
  );
}
