import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@prsp/contracts';
import { PaperclipIcon } from '@/components/ui/paperclip-icon';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { openChatFile } from './chat-api';
import type { PendingMessage } from './chat-log';
import type { ChatTextPrefix } from './chat-texts';

/** Within this many pixels of the end, the thread counts as read to the end and follows new messages. */
const FOLLOW_SLACK_PX = 80;

function FileButton({ message, prefix, onOpen }: { message: ChatMessage; prefix: ChatTextPrefix; onOpen: (fileId: string) => void }) {
  const { t } = useTranslation();
  const file = message.file!;
  return (
    <button type="button" className="chat-file" onClick={() => onOpen(file.id)}>
      <PaperclipIcon />
      {t(`${prefix}.thread.openFile`, { name: file.filename })}
      <span className="visually-hidden"> {t('ui.opensInNewTab')}</span>
    </button>
  );
}

/**
 * The messages of one chat (a live log: a screen reader reads what arrives, politely), each with its sender and
 * time; files open in a new tab through a short-lived link. Own messages say whether someone has read them;
 * those not yet acknowledged say 'sending', and refused ones offer to try again.
 */
export function ChatThread({
  messages,
  pending,
  me,
  readUpTo,
  typingNames,
  onRetry,
  prefix,
}: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  me: string;
  readUpTo: number;
  typingNames: string[];
  onRetry: (p: PendingMessage) => void;
  prefix: ChatTextPrefix;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const ref = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const [fileError, setFileError] = useState(false);

  const openFile = (fileId: string) => {
    setFileError(false);
    openChatFile(fileId).catch(() => setFileError(true));
  };

  // New messages scroll into view, unless the reader has scrolled up to read older ones.
  const count = messages.length + pending.length;
  useEffect(() => {
    const el = ref.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <div className="chat-thread-wrap">
      <div
        ref={ref}
        className="chat-thread"
        role="log"
        aria-live="polite"
        aria-label={t(`${prefix}.thread.label`)}
        // Scrollable with the keyboard too.
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_SLACK_PX;
        }}
      >
        {count === 0 && <p className="chat-empty">{t(`${prefix}.thread.empty`)}</p>}
        <ol className="chat-messages">
          {messages.map((m) => {
            // A notice's text is a key (`transferred`), said in the reader's language.
            if (m.kind === 'system')
              return (
                <li key={m.seq} className="chat-system">
                  {t(`${prefix}.system.${m.text}`, { name: m.userName, defaultValue: m.text })}
                </li>
              );
            const own = m.userId === me;
            return (
              <li key={m.seq} className={own ? 'chat-message own' : 'chat-message'}>
                <p className="chat-meta">
                  <span className="chat-sender">{own ? t(`${prefix}.thread.you`) : m.userName}</span>{' '}
                  <time dateTime={new Date(m.sentAt).toISOString()}>{formatTime(m.sentAt, lang)}</time>
                </p>
                {m.kind === 'file' && m.file ? (
                  <FileButton message={m} prefix={prefix} onOpen={openFile} />
                ) : (
                  <p className="chat-text">{m.text}</p>
                )}
                {own && <p className="chat-mark">{m.seq <= readUpTo ? t(`${prefix}.thread.read`) : t(`${prefix}.thread.sent`)}</p>}
              </li>
            );
          })}
          {pending.map((p) => (
            <li key={p.id} className={`chat-message own ${p.state}`}>
              <p className="chat-meta">
                <span className="chat-sender">{t(`${prefix}.thread.you`)}</span>
              </p>
              <p className="chat-text">{p.text}</p>
              {p.state === 'sending' ? (
                <p className="chat-mark">{t(`${prefix}.thread.sending`)}</p>
              ) : (
                <p className="chat-mark failed">
                  {t(`${prefix}.thread.failed`)}{' '}
                  <button type="button" className="button link small" onClick={() => onRetry(p)}>
                    {t(`${prefix}.thread.retry`)}
                  </button>
                </p>
              )}
            </li>
          ))}
        </ol>
      </div>
      <p className="chat-typing" aria-hidden={typingNames.length === 0}>
        {typingNames.length > 0 ? t(`${prefix}.thread.typing`, { names: typingNames.join(', '), count: typingNames.length }) : ''}
      </p>
      {fileError && (
        <p className="field-error" role="alert">
          {t(`${prefix}.thread.fileError`)}
        </p>
      )}
    </div>
  );
}
