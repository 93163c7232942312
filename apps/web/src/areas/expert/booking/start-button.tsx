import { useNavigate } from 'react-router';
import { CHAT_LIMITS, SERVICE_TIME_ZONE, type AppointmentRow } from '@prsp/contracts';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { startState, withWhom } from './booking-helpers';
import { useOpenAppointmentChat } from '../chat/expert-chat-api';

/**
 * Start (a one-to-one) or Join (a group) from 5 minutes before the start until the end, as the server allows; the
 * chat or video opens on the desk with the expert's other chats. Before that window a line says when it opens
 * (`compact`, in the calendar's small boxes: nothing until it opens). The list and the day and week calendars use
 * this one button, so the rule is the same everywhere (booking-helpers.ts `startState`).
 */
export function StartButton({
  appointment,
  now,
  time,
  compact = false,
}: {
  appointment: AppointmentRow;
  now: number;
  time: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenAppointmentChat();
  const state = startState(appointment, now);
  if (state === 'none' || (state === 'soon' && compact)) return null;
  if (state === 'soon') {
    const opens = formatTime(appointment.startTime - CHAT_LIMITS.groupOpensBeforeMs, currentLanguage(), SERVICE_TIME_ZONE);
    return <span className="hint block">{t('expert.booking.schedule.opensAt', { time: opens })}</span>;
  }
  const join = appointment.kind === 'group';
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={open.isPending}
        aria-label={t(join ? 'expert.booking.schedule.joinNamed' : 'expert.booking.schedule.startNamed', {
          time,
          name: withWhom(appointment),
        })}
        onClick={() => open.mutate(appointment.id, { onSuccess: () => void navigate('/expert/desktop') })}
      >
        {t(join ? 'expert.booking.schedule.join' : 'expert.booking.schedule.start')}
      </button>
      {open.isError && (
        <span className="field-error block" role="alert">
          {t('expert.booking.schedule.openFailed')}
        </span>
      )}
    </>
  );
}
