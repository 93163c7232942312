import type { ChatChannel } from '@prsp/contracts';
import { DeviceCheck } from '@/features/video/device-check';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { waitingNotice, type WaitingNotice } from './waiting-estimate';
import '@/lib/presence-texts';

/** The sentence about the wait: an appointment's start or its professional running late, or the queue's estimate. */
function waitText(notice: WaitingNotice, t: ReturnType<typeof useTranslation>['t']): string {
  if (notice.kind === 'startsAt') return t('chat.waiting.startsAt', { time: formatTime(notice.startsAt, currentLanguage()) });
  if (notice.kind === 'late') return t('chat.waiting.late');
  const minutes = notice.minutes;
  return minutes === null
    ? t('chat.waiting.noEstimate')
    : minutes === 0
      ? t('chat.waiting.underMinute')
      : t('chat.waiting.estimate', { count: minutes });
}

/**
 * Spec §2 'Chat' waiting room: the place in the queue and the estimated wait (for a booked appointment, when it
 * starts or that the professional is running late), kept live by the socket's `queue:changed`/`chat:channel`, a
 * 5-second refetch and a 5-second clock; a status region tells a screen reader when they change. Issue 32: a queue
 * chat with `onDuty` known says how many professionals are on duty; with none, no time is promised.
 */
export function WaitingRoom({ channel, text, onDuty }: { channel: ChatChannel; text: string; onDuty?: number }) {
  const { t } = useTranslation();
  const notice = waitingNotice(channel, useNow());
  const queueChat = notice.kind === 'estimate' && onDuty !== undefined;
  return (
    <section className="card waiting-room" aria-labelledby="waiting-title">
      <h2 id="waiting-title">{t('chat.waiting.title')}</h2>
      <p className="chat-org-text">{text}</p>
      <div role="status" className="waiting-figures">
        {channel.position !== null && (
          <p>
            {t('chat.waiting.position')} <strong className="waiting-position">{channel.position}</strong>
          </p>
        )}
        {queueChat && onDuty === 0 ? <p>{t('presence.patient.waitingNobody')}</p> : <p>{waitText(notice, t)}</p>}
        {queueChat && onDuty > 0 && <p>{t('presence.patient.waitingOnDuty', { count: onDuty })}</p>}
      </div>
      {/* A video appointment: the patient checks camera, microphone and network while waiting. */}
      {channel.video && (
        <details className="waiting-device-check">
          <summary>{t('video.check.open')}</summary>
          <DeviceCheck compact />
        </details>
      )}
    </section>
  );
}
