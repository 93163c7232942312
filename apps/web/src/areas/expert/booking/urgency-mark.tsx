import type { AppointmentRow } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';

/**
 * An appointment whose symptom questionnaire picked a red-flag answer (issue 29): said in words, in the alert colour
 * and bold, so it is not missed among the day's routine rows. Nothing for any other.
 */
export function UrgencyMark({ urgency }: Pick<AppointmentRow, 'urgency'>) {
  const { t } = useTranslation();
  if (urgency !== 'emergency') return null;
  return <strong className="urgency-mark block">{t('expert.booking.redFlag')}</strong>;
}
