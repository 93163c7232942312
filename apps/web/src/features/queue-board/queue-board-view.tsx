import './queue-board.css';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { BoardQueue } from '@prsp/contracts';
import { QueryState } from '@/components/ui/query-state';
import { formatDate, formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { usePageTitle } from '@/lib/use-page-title';
import { formatWait, waitDuration, waitedSeconds, waitingChanges } from './board-refetch';
import { useLiveBoard, useQueueBoard, type BoardApp } from './queue-board-api';

/** One figure of a queue's card: a term and its value (a `<dl>` pair a screen reader reads together). */
function Figure({ term, children, stress = false }: { term: string; children: React.ReactNode; stress?: boolean }) {
  return (
    <div className={stress ? 'board-figure stress' : 'board-figure'}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One queue: its figures now and today, and the professionals who serve it with their presence. */
function QueueCard({ queue, now }: { queue: BoardQueue; now: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const waited = queue.oldestQueuedAt ? waitedSeconds(queue.oldestQueuedAt, now) : null;
  return (
    <li className="card board-queue">
      <article aria-labelledby={headingId}>
        <h2 id={headingId}>
          {queue.name}
          {queue.personal && <span className="board-tag">{t('queueBoard.personal')}</span>}
        </h2>
        <dl className="board-figures">
          <Figure term={t('queueBoard.waiting')} stress={queue.waiting > 0}>
            {queue.waiting}
          </Figure>
          <Figure term={t('queueBoard.longestWait')}>
            {waited === null ? (
              <>
                <span aria-hidden="true">–</span>
                <span className="visually-hidden">{t('queueBoard.nobodyWaits')}</span>
              </>
            ) : (
              <time dateTime={waitDuration(waited)}>{formatWait(waited)}</time>
            )}
          </Figure>
          <Figure term={t('queueBoard.urgentWaiting')} stress={queue.urgentWaiting > 0}>
            {queue.urgentWaiting}
          </Figure>
          <Figure term={t('queueBoard.inProgress')}>{queue.inProgress}</Figure>
          <Figure term={t('queueBoard.handledToday')}>{queue.handledToday}</Figure>
          <Figure term={t('queueBoard.abandonedToday')}>{queue.abandonedToday}</Figure>
        </dl>
        <h3>{t('queueBoard.experts')}</h3>
        {queue.experts.length === 0 ? (
          <p className="hint">{t('queueBoard.noExperts')}</p>
        ) : (
          <ul className="board-experts">
            {queue.experts.map((e) => (
              <li key={e.expertId}>
                <span className="board-expert-name">{e.name}</span>
                <span className={`presence-badge presence-${e.state}`}>{t(`queueBoard.states.${e.state}`)}</span>
                <span className="board-expert-chats">{t('queueBoard.openChats', { count: e.openChats })}</span>
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

/**
 * Full screen for a wall screen: the board alone (the Fullscreen API on its element), or where the browser has no
 * such API (a kiosk, an iframe), the board covering the window. Escape leaves either.
 */
function useWallMode(root: React.RefObject<HTMLDivElement | null>) {
  const [wall, setWall] = useState(false);
  useEffect(() => {
    const changed = () => setWall(document.fullscreenElement !== null && document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [root]);
  useEffect(() => {
    if (!wall || document.fullscreenElement) return;
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setWall(false);
    };
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [wall]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else if (wall) {
      setWall(false);
    } else if (document.fullscreenEnabled && root.current?.requestFullscreen) {
      root.current.requestFullscreen().catch(() => setWall(true));
    } else {
      setWall(true);
    }
  }, [wall, root]);
  return { wall, toggle };
}

/**
 * The organisation's live queue board (issue 32, docs/queue-board.md), the same in the admin app and for shift leads
 * in the expert app: a card per queue, kept live by the socket (no polling); the longest wait ticks every second
 * here. A polite live region says only when a queue's waiting count moved, not every refetch or tick.
 */
export function QueueBoardView({ app }: { app: BoardApp }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  usePageTitle(t('queueBoard.title'));
  const board = useQueueBoard(app);
  const connected = useLiveBoard(app);
  const now = useNow(1000);
  const root = useRef<HTMLDivElement>(null);
  const { wall, toggle } = useWallMode(root);
  const announcer = useRef<HTMLParagraphElement>(null);
  const counts = useRef<Map<string, number> | null>(null);

  useEffect(() => {
    if (!board.data) return;
    const changes = waitingChanges(counts.current, board.data.queues);
    counts.current = new Map(board.data.queues.map((q) => [q.id, q.waiting]));
    if (changes.length > 0 && announcer.current)
      announcer.current.textContent = changes.map((c) => t('queueBoard.announce', { queue: c.name, count: c.waiting })).join(' ');
  }, [board.data, t]);

  const data = board.data;
  return (
    <div ref={root} className={wall ? 'queue-board wall' : 'queue-board'}>
      <div className="page-head board-head">
        <h1>{t('queueBoard.title')}</h1>
        <button type="button" className="button secondary" onClick={toggle}>
          {wall ? t('queueBoard.exitFullScreen') : t('queueBoard.fullScreen')}
        </button>
      </div>
      <p ref={announcer} className="visually-hidden" role="status" />
      {/* Said once when the connection goes (polite: a short drop should not interrupt), gone when it is back. */}
      <p role="status" className="board-offline">
        {connected ? '' : t('queueBoard.reconnecting')}
      </p>
      {!data ? (
        <QueryState error={board.error} onRetry={() => void board.refetch()} />
      ) : (
        <>
          {connected && (
            <p className="board-status">
              {t('queueBoard.updated', { time: formatTime(data.at, lang) })} {t('queueBoard.today', { date: formatDate(data.day, lang) })}
            </p>
          )}
          {data.queues.length === 0 ? (
            <p className="empty">{t('queueBoard.noQueues')}</p>
          ) : (
            <ul className="board-queues" aria-label={t('queueBoard.queues')}>
              {data.queues.map((q) => (
                <QueueCard key={q.id} queue={q} now={now} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
