import { Link } from 'react-router';
import { isVideoKind, type PatientAppointment } from '@prsp/contracts';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useNow } from '@/lib/use-now';
import { appointmentMode, type ModalSubject } from './appointment-rules';
import { DeviceCheckLink, MeetingKindLabel } from './meeting-kind';
import { RemindersNote } from './reminders-note';
import { RescheduleLink } from './reschedule-link';
import { StartControl, StartNote } from './start-control';

/**
 * Spec §2 appointment modal in the four modes of spec §4: `open` (an open service of service selection: start now), `scheduled`
 * (start only), `scheduledCancellable` (start and cancel, while the start is at least 1440 minutes away) and
 * `scheduledGroup` (start only; the provider cancels). The mode and the start are rechecked every 5 seconds. A
 * scheduled one says how it is held; a video one links to the device check, to try camera and sound ahead of time.
 */
export function AppointmentDialog({
  subject,
  onClose,
  onCancel,
}: {
  subject: ModalSubject | null;
  onClose: () => void;
  /** Opens the appointment cancel modal (scheduledCancellable only). */
  onCancel: (appointment: PatientAppointment) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const now = useNow();
  const title = !subject ? '' : subject.kind === 'open' ? subject.service.serviceName[lang] : subject.appointment.name;
  return (
    <ModalDialog open={subject !== null} title={title} onClose={onClose} closeLabel={t('common.close')}>
      {subject?.kind === 'open' && (
        <div data-mode="open">
          <p>{subject.service.serviceDescription[lang]}</p>
          <p className="hint">{t('appointment.openText')}</p>
          <div className="actions">
            <Link className="button" to={`/chat/${encodeURIComponent(subject.service.uuid)}`}>
              {t('appointment.start')}
            </Link>
            <button type="button" className="button secondary" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </div>
      )}
      {subject?.kind === 'scheduled' && <Scheduled appointment={subject.appointment} now={now} onClose={onClose} onCancel={onCancel} />}
    </ModalDialog>
  );
}

function Scheduled({
  appointment: a,
  now,
  onClose,
  onCancel,
}: {
  appointment: PatientAppointment;
  now: number;
  onClose: () => void;
  onCancel: (appointment: PatientAppointment) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const mode = appointmentMode({ kind: 'scheduled', appointment: a }, now);
  return (
    <div data-mode={mode}>
      <dl className="facts">
        <dt>{t('appointment.time')}</dt>
        <dd>{formatDateTime(a.startTime, lang, { style: 'weekday' })}</dd>
        <dt>{t('appointment.duration')}</dt>
        <dd>{t('appointment.minutes', { count: a.duration })}</dd>
        <dt>{t('appointment.kind')}</dt>
        <dd>
          <MeetingKindLabel kind={a.kind} />
        </dd>
      </dl>
      {a.visit && <p className="hint">{t(`appointment.visit.${a.visit}`)}</p>}
      <StartNote appointment={a} now={now} />
      {isVideoKind(a.kind) && <DeviceCheckLink />}
      {mode === 'scheduledCancellable' && <p className="hint">{t('appointment.cancelUntil')}</p>}
      {mode === 'scheduledGroup' && <p className="hint">{t('appointment.groupCancel')}</p>}
      {mode === 'scheduled' && <p className="hint">{t('appointment.cannotCancel')}</p>}
      {a.startTime > now && <RemindersNote />}
      <div className="actions">
        <StartControl appointment={a} now={now} />
        <RescheduleLink appointment={a} now={now} />
        {mode === 'scheduledCancellable' && (
          <button type="button" className="button secondary" onClick={() => onCancel(a)}>
            {t('appointment.cancel')}
          </button>
        )}
        <button type="button" className="button secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}
