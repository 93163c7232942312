import './messaging-texts';
import './messaging.css';
import { useEffect, useRef } from 'react';
import type { ConversationMessage } from '@prsp/contracts';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { attachmentUrl, messagingBase, type MessagingApp } from './messaging-api';

export type MessageThreadProps = {
  /** Whose endpoints the attachment links use (`/api/{app}/async-messaging`). */
  app: MessagingApp;
  /** Overrides the app's base path (tests, or a route mounted elsewhere). */
  basePath?: string;
  /** The thread, oldest first, as `GET …/messages` answers it (plus locally appended sent items). */
  messages: readonly ConversationMessage[];
  /** The accessible name of the thread region; default 'Messages of the conversation'. */
  label?: string;
};

/**
 * One conversation's messages, oldest first (spec §2 'Conversation', §3 'Conversation message'): own messages on
 * one side saying whether the other side has read them, the others' on the other side with a 'New' mark while
 * unread. A file message is a link that opens the attachment in a new tab (spec §7). The box is at most 1200 px
 * high (spec §9) and scrolls, following new messages unless the reader has scrolled up.
 */
export function MessageThread({ app, basePath, messages, label }: MessageThreadProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const base = basePath ?? messagingBase(app);
  const ref = useRef<HTMLDivElement>(null);
  const follow = useRef(true);

  const count = messages.length;
  useEffect(() => {
    const el = ref.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <div
      ref={ref}
      className="message-thread"
      role="region"
      aria-label={label ?? t('messaging.thread.label')}
      // Scrollable with the keyboard too.
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      {count === 0 ? (
        <p className="message-empty">{t('messaging.thread.empty')}</p>
      ) : (
        <ol className="message-list">
          {messages.map((m) => (
            <li key={m.id} className={m.isOwn ? 'message own' : 'message'}>
              <p className="message-meta">
                <span className="message-author">{m.isOwn ? t('messaging.thread.you') : m.name}</span>{' '}
                <time dateTime={m.date}>{formatDateTime(m.date, lang)}</time>
                {!m.isOwn && !m.isRead && <span className="message-new">{t('messaging.thread.new')}</span>}
              </p>
              {m.type === 'file' ? (
                <p className="message-text">
                  <a className="message-file" href={attachmentUrl(base, m.id)} target="_blank" rel="noopener noreferrer">
                    {t('messaging.thread.openFile', { name: m.content })}
                    <span className="visually-hidden"> ({t('messaging.thread.opensInNewTab')})</span>
                  </a>
                </p>
              ) : (
                <p className="message-text">{m.content}</p>
              )}
              {m.isOwn && <p className="message-mark">{m.isRead ? t('messaging.thread.read') : t('messaging.thread.notRead')}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
