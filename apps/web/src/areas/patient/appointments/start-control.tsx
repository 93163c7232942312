import { Link } from 'react-router';
import type { PatientAppointment } from '@prsp/contracts';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { canStart, startOpensAt } from './appointment-rules';

/** The chat route that starts an appointment (the next issues build the chat itself). */
export const startPath = (a: PatientAppointment) => `/chat/${encodeURIComponent(a.uuid)}`;

/**
 * Spec §4 'Start button': a link to the chat once the start is open, else a disabled button with the moment it
 * opens. `now` comes from the caller's 5-second clock, so the button enables itself in time.
 */
export function StartControl({ appointment: a, now, labelSuffix }: { appointment: PatientAppointment; now: number; labelSuffix?: string }) {
  const { t } = useTranslation();
  const suffix = labelSuffix ? <span className="visually-hidden">: {labelSuffix}</span> : null;
  if (canStart(a, now))
    return (
      <Link className="button" to={startPath(a)}>
        {t('appointment.start')}
        {suffix}
      </Link>
    );
  return (
    <button type="button" className="button" disabled>
      {t('appointment.start')}
      {suffix}
    </button>
  );
}

/** The sentence beside the start: 'you can start now', or from when. */
export function StartNote({ appointment: a, now }: { appointment: PatientAppointment; now: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <p className="hint">
      {canStart(a, now)
        ? t('appointment.canStartNow')
        : t('appointment.startsFrom', { time: formatDateTime(startOpensAt(a), lang, { style: 'weekday' }) })}
    </p>
  );
}
