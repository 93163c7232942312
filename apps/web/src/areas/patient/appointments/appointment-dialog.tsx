import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PatientAppointment } from '@prsp/contracts';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime, formatTime } from '../../../lib/format';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useNow } from '../../../lib/use-now';
import { canStart, startOpensAt } from './appointment-rules';

/**
 * Spec §2 appointment modal for an upcoming item: what and when, and when it can be started (5 minutes
 * before the start, rechecked every 5 seconds). Starting leads to the chat route.
 */
export function AppointmentDialog({ appointment, onClose }: { appointment: PatientAppointment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const now = useNow();
  const a = appointment;
  return (
    <ModalDialog open={a !== null} title={a?.name ?? ''} onClose={onClose}>
      {a && (
        <>
          <dl className="facts">
            <dt>{t('appointment.time')}</dt>
            <dd>{formatDateTime(a.startTime, lang, { style: 'weekday' })}</dd>
            <dt>{t('appointment.duration')}</dt>
            <dd>{t('appointment.minutes', { count: a.duration })}</dd>
            <dt>{t('appointment.type')}</dt>
            <dd>{t(`appointment.types.${a.type}`)}</dd>
          </dl>
          <p>
            {canStart(a, now) ? t('appointment.canStartNow') : t('appointment.startsFrom', { time: formatTime(startOpensAt(a), lang) })}
          </p>
          <div className="actions">
            {canStart(a, now) ? (
              <Link className="button" to={`/chat/${encodeURIComponent(a.uuid)}`}>
                {t('appointment.start')}
              </Link>
            ) : (
              <button type="button" className="button" disabled>
                {t('appointment.start')}
              </button>
            )}
            <button type="button" className="button secondary" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
