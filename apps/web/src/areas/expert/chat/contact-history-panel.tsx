import './contact-history.css';
import { useEffect, useId, useRef, useState } from 'react';
import type { ContactHistoryItem } from '@prsp/contracts';
import { FormAlert } from '@/components/ui/form-fields';
import { QueryState } from '@/components/ui/query-state';
import { openChatFile } from '@/features/chat/chat-api';
import { TranscriptView } from '@/features/chat/transcript-view';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useChannelTranscript, useContactHistory } from './contact-history-api';
import { VisitNotesPanel } from './visit-notes-panel';

function serviceOf(item: ContactHistoryItem, lang: ReturnType<typeof currentLanguage>): string | null {
  return item.serviceName ? item.serviceName[lang] || item.serviceName.fi : null;
}

/** One earlier chat opened: its files (each opens in a new tab) and its messages; focus moves to its heading. */
export function PastChat({ item, onBack, level = 5 }: { item: ContactHistoryItem; onBack: () => void; level?: 3 | 5 }) {
  // Under the chat's h4 beside a chat; under a section's h2 on the history page.
  const Title = `h${level}` as const;
  const Sub = `h${level + 1}` as 'h4' | 'h6';
  const { t } = useTranslation();
  const lang = currentLanguage();
  const transcript = useChannelTranscript(item.channelId);
  const [fileFailed, setFileFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const data = transcript.data;
  return (
    <div className="past-chat">
      <button type="button" className="button secondary small" onClick={onBack}>
        {t('expert.history.back')}
      </button>
      <Title ref={heading} tabIndex={-1}>
        {t('expert.history.chatOf', { date: formatDateTime(item.createdAt, lang) })}
      </Title>
      <p className="muted">
        {[serviceOf(item, lang), t('expert.history.expertNamed', { name: item.expertName })].filter(Boolean).join(' · ')}
      </p>
      <FormAlert message={fileFailed ? t('expert.history.loadError') : undefined} />
      {!data ? (
        <QueryState error={transcript.error} onRetry={() => void transcript.refetch()} />
      ) : (
        <>
          {data.files.length > 0 && (
            <>
              <Sub>{t('expert.history.files')}</Sub>
              <ul className="past-chat-files">
                {data.files.map((f) => (
                  <li key={f.id}>
                    <button
                      type="button"
                      className="button link"
                      onClick={() => {
                        setFileFailed(false);
                        openChatFile(f.id).catch(() => setFileFailed(true));
                      }}
                    >
                      {f.filename}
                      <span className="visually-hidden"> {t('ui.opensInNewTab')}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Sub>{t('expert.history.messages')}</Sub>
          <TranscriptView transcript={data} labels={{ expert: t('expert.history.expertRole'), empty: t('expert.history.noMessages') }} />
          {/* The expert's own note and the summary, for a visit they served (none for one read as the patient's carer). */}
          <VisitNotesPanel channelId={item.channelId} level={(level + 1) as 4 | 6} />
        </>
      )}
    </div>
  );
}

/**
 * The contact history of a patient beside a chat (issue 9 item 4): the patient's ended chats with the organisation,
 * newest first as the server answers, with date, expert, service and files; opening one shows its transcript in
 * the panel, and the way back returns focus to the list's heading. Its heading (h4) sits under the chat's (h3),
 * beside the patient's details.
 */
export function ContactHistoryPanel({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const history = useContactHistory(patientId);
  const [opened, setOpened] = useState<ContactHistoryItem | null>(null);
  // History is what has ended: a chat still open (this one, or another expert's) is not part of it yet.
  const earlier = history.data?.filter((item) => item.endedAt !== null);
  const back = () => {
    setOpened(null);
    requestAnimationFrame(() => title.current?.focus());
  };
  return (
    <section className="contact-history" aria-labelledby={titleId}>
      <h4 id={titleId} ref={title} tabIndex={-1}>
        {t('expert.history.title')}
      </h4>
      {opened ? (
        <PastChat item={opened} onBack={back} />
      ) : !earlier ? (
        <QueryState error={history.error} onRetry={() => void history.refetch()} />
      ) : earlier.length === 0 ? (
        <p className="muted">{t('expert.history.empty')}</p>
      ) : (
        <ul className="contact-history-list">
          {earlier.map((item) => {
            const service = serviceOf(item, lang);
            return (
              <li key={item.channelId}>
                <button type="button" className="contact-history-item" onClick={() => setOpened(item)}>
                  <span className="contact-history-date">{formatDateTime(item.createdAt, lang)}</span>
                  {service && <span>{service}</span>}
                  <span className="muted">{t('expert.history.expertNamed', { name: item.expertName })}</span>
                  {item.files.length > 0 && (
                    <span className="muted">{t('expert.history.filesNamed', { files: item.files.join(', ') })}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
