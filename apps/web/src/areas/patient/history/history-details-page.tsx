import './history.css';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CHAT_LIMITS } from '@prsp/contracts';
import { Loading } from '@/components/route-fallbacks';
import { openChatFile } from '@/features/chat/chat-api';
import { TranscriptView } from '@/features/chat/transcript-view';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useMyTranscripts, useTranscript } from '../api/history-api';
import { TimedAlert } from './timed-alert';

/**
 * Spec §2 'Appointment history details': the chat's date, its files (a click opens the file by a short-lived
 * link in a new tab) and the transcript. A failed load (the transcript or a file's link) shows 'There was an
 * error loading the data' for 5 seconds (spec §8, §9); the back link returns to the history.
 */
export function HistoryDetailsPage() {
  const { t } = useTranslation();
  usePageTitle(t('history.detailsTitle'));
  const { id = '' } = useParams();
  const lang = currentLanguage();
  const transcript = useTranscript(id);
  const list = useMyTranscripts();
  const [fileErrorAt, setFileErrorAt] = useState(0);
  const item = list.data?.find((i) => i.id === id);
  const data = transcript.data;
  const firstMessage = data?.messages[0];
  const date = item?.created_at ?? (firstMessage ? firstMessage.message_time * 1000 : null);
  const alertKey = Math.max(transcript.isError ? transcript.errorUpdatedAt : 0, fileErrorAt);

  const openFile = (fileId: string) => {
    openChatFile(fileId).catch(() => setFileErrorAt(Date.now()));
  };

  return (
    <>
      <Link to="/history" className="back-link">
        {t('history.backToHistory')}
      </Link>
      <h1 className="page-title">{t('history.detailsTitle')}</h1>
      {alertKey > 0 && <TimedAlert key={alertKey} message={t('history.loadError')} ms={CHAT_LIMITS.historyErrorMs} />}
      {transcript.isError ? (
        <p className="actions">
          <button type="button" className="button secondary" onClick={() => void transcript.refetch()}>
            {t('ui.retry')}
          </button>
        </p>
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <div className="card">
            <dl className="facts history-facts">
              <dt>{t('history.date')}</dt>
              <dd>{formatDateTime(date, lang)}</dd>
              {item && (
                <>
                  <dt>{t('history.expert')}</dt>
                  <dd>{item.expert_name}</dd>
                </>
              )}
            </dl>
          </div>
          <section className="card" aria-labelledby="history-files-title">
            <h2 id="history-files-title">{t('history.files')}</h2>
            {data.files.length === 0 ? (
              <p className="empty">{t('history.noFilesInChat')}</p>
            ) : (
              <ul className="history-files">
                {data.files.map((f) => (
                  <li key={f.id}>
                    <button type="button" className="button link" onClick={() => openFile(f.id)}>
                      {f.filename}
                      <span className="visually-hidden"> {t('ui.opensInNewTab')}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="history-transcript-title">
            <h2 id="history-transcript-title">{t('history.transcript')}</h2>
            <TranscriptView transcript={data} labels={{ expert: t('history.expertRole'), empty: t('history.noMessages') }} />
          </section>
        </>
      )}
    </>
  );
}
