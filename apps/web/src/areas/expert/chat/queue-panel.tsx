import './expert-chat.css';
import { useEffect, useRef, useState } from 'react';
import type { ExpertQueue } from '@prsp/contracts';
import { QueryState } from '@/components/ui/query-state';
import '@/features/video/video-texts';
import { ApiError } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useSocket } from '@/lib/socket';
import { useNow } from '@/lib/use-now';
import { chimeDue, chimeFor, newArrivals, playArrivalChime, waitingIds } from './arrival-signal';
import { useAccept, useExpertQueues } from './expert-chat-api';
import { patientFacts } from './patient-identity';
import { isMarked, UrgencyBadge } from './urgency-badge';

/** Whole minutes waited (rounded down: '0 min' for the first minute). */
const minutesOf = (seconds: number) => Math.max(0, Math.floor(seconds / 60));

function QueueItem({
  queue,
  now,
  busy,
  onAccept,
}: {
  queue: ExpertQueue;
  now: number;
  busy: boolean;
  onAccept: (what: { queueId: string } | { channelId: string }) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const headingId = `queue-${queue.id}`;
  const closed = queue.closed || !queue.open;
  return (
    <li className="queue-item">
      <div className="queue-head">
        <h3 id={headingId}>{queue.name}</h3>
        {closed && <span className="status">{t('expert.chat.queues.closed')}</span>}
      </div>
      <p className="queue-figures">
        <span>{t('expert.chat.queues.waitingCount', { count: queue.waiting.length })}</span>
        {queue.waiting.length > 0 && <span>{t('expert.chat.queues.longestWait', { count: minutesOf(queue.longestWaitSeconds) })}</span>}
      </p>
      <button
        type="button"
        className="button"
        disabled={busy || queue.waiting.length === 0}
        onClick={() => onAccept({ queueId: queue.id })}
      >
        {t('expert.chat.queues.acceptNext')}
        <span className="visually-hidden">: {queue.name}</span>
      </button>
      {queue.waiting.length > 0 && (
        <ol className="waiting-list" aria-label={t('expert.chat.queues.waitingList', { queue: queue.name })}>
          {queue.waiting.map((w) => (
            <li key={w.channelId} className={isMarked(w.urgency) ? `waiting-${w.urgency}` : undefined}>
              <UrgencyBadge urgency={w.urgency} />
              <span className="waiting-name">{w.name}</span>
              {w.patient && <span className="waiting-facts">{patientFacts(w.patient, t).join(' · ')}</span>}
              <span className="muted">
                {w.serviceName ? `${w.serviceName[lang]} · ` : ''}
                {w.appointmentStartsAt !== null
                  ? t('expert.chat.queues.appointmentAt', { time: formatTime(w.appointmentStartsAt, lang) })
                  : t('expert.chat.queues.waited', { count: minutesOf((now - w.waitingSince) / 1000) })}
              </span>
              <button type="button" className="button secondary small" disabled={busy} onClick={() => onAccept({ channelId: w.channelId })}>
                {t('expert.chat.queues.accept')}
                <span className="visually-hidden">: {w.name}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * The expert's queues (spec §2 'expert desktop and queue views'): how many wait in each and the longest wait,
 * kept live by the socket (`queue:watch`, then `queue:changed`, watched by the app's layout) and a 5-second refetch; accept the next in a
 * queue or a named patient. Someone new in a queue is told with a short chime and a polite announcement; an
 * emergency (issue 29) with its own insistent alarm and an assertive announcement, and it waits first on its card.
 */
export function QueuePanel({ onAccepted }: { onAccepted: (channelId: string) => void }) {
  const { t } = useTranslation();
  const queues = useExpertQueues();
  const accept = useAccept();
  const socket = useSocket();
  const now = useNow();
  const announcer = useRef<HTMLParagraphElement>(null);
  const alarm = useRef<HTMLParagraphElement>(null);
  const seen = useRef<Set<string> | null>(null);
  const chimed = useRef(new Map<string, number>());
  const [acceptError, setAcceptError] = useState<string | null>(null);

  // The queues are watched (`queue:watch`, `queue:changed`) by the app's layout on every page (use-queue-watch.ts),
  // which also counts who waits for the tab's title and notifies of a new patient in another window.
  useEffect(() => {
    if (!socket) return;
    // Someone waits to be admitted to a video appointment: the same chime and announcement as a queue arrival.
    const knock = (e: { channelId: string; name: string }) => {
      if (!chimeDue(chimed.current, e.channelId, Date.now())) return;
      playArrivalChime();
      if (announcer.current) announcer.current.textContent = t('video.knocked', { name: e.name });
    };
    socket.on('video:knock', knock);
    return () => {
      socket.off('video:knock', knock);
    };
  }, [socket, t]);

  useEffect(() => {
    if (!queues.data) return;
    const arrivals = newArrivals(seen.current, queues.data);
    seen.current = waitingIds(queues.data);
    if (arrivals.length === 0 || !announcer.current || !alarm.current) return;
    const now = Date.now();
    const due = arrivals.filter((a) => chimeDue(chimed.current, a.channelId, now));
    if (due.length > 0) playArrivalChime(chimeFor(due));
    // An emergency interrupts (assertive); anyone else waits for a pause in what the screen reader says (polite).
    const emergencies = arrivals.filter((a) => a.urgency === 'emergency');
    const others = arrivals.filter((a) => a.urgency !== 'emergency');
    alarm.current.textContent = emergencies
      .map((a) => t('expert.chat.queues.emergencyArrived', { name: a.name, queue: a.queueName }))
      .join(' ');
    announcer.current.textContent = others.map((a) => t('expert.chat.queues.arrived', { name: a.name, queue: a.queueName })).join(' ');
  }, [queues.data, t]);

  const onAccept = (what: { queueId: string } | { channelId: string }) => {
    setAcceptError(null);
    accept.mutate(what, {
      onSuccess: (chat) => onAccepted(chat.channel.id),
      onError: (err) =>
        setAcceptError(
          err instanceof ApiError && err.statusCode === 404
            ? t('expert.chat.queues.nobody')
            : // Issue 32: at their limit of chats at once, the catalogue's text says so.
              err instanceof ApiError && err.statusCode === 409
              ? t('errors.chatLimitReached')
              : t('expert.chat.queues.acceptFailed'),
        ),
    });
  };

  return (
    <section className="card queue-panel" aria-labelledby="queues-title">
      <h2 id="queues-title">{t('expert.chat.queues.title')}</h2>
      <p ref={announcer} className="visually-hidden" role="status" />
      <p ref={alarm} className="visually-hidden" aria-live="assertive" aria-atomic="true" />
      {acceptError && (
        <p className="alert" role="alert">
          {acceptError}
        </p>
      )}
      {!queues.data ? (
        <QueryState error={queues.error} onRetry={() => void queues.refetch()} />
      ) : queues.data.length === 0 ? (
        <p className="empty">{t('expert.chat.queues.none')}</p>
      ) : (
        <ul className="queue-list">
          {queues.data.map((q) => (
            <QueueItem key={q.id} queue={q} now={now} busy={accept.isPending} onAccept={onAccept} />
          ))}
        </ul>
      )}
    </section>
  );
}
