import type { ChatChannel } from '@prsp/contracts';
import { DeviceCheck } from '@/features/video/device-check';
import { waitMinutes } from './waiting-estimate';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §2 'Chat' waiting room: the place in the queue and the estimated wait, kept live by the socket's
 * `queue:changed`/`chat:channel` and a 5-second refetch; a status region tells a screen reader when they change.
 */
export function WaitingRoom({ channel, text }: { channel: ChatChannel; text: string }) {
  const { t } = useTranslation();
  const minutes = waitMinutes(channel.estimatedWaitSeconds);
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
        <p>
          {minutes === null
            ? t('chat.waiting.noEstimate')
            : minutes === 0
              ? t('chat.waiting.underMinute')
              : t('chat.waiting.estimate', { count: minutes })}
        </p>
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
