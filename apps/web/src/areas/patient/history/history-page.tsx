import { Link } from 'react-router';
import { CHAT_LIMITS, type HistoryItem } from '@prsp/contracts';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useMyTranscripts } from '../api/history-api';
import { historyFilesText, newestFirst } from './history-rules';
import { aboutPatient } from '../acting-names';
import { usePatientContext } from '../patient-state';

function HistoryEntry({ item }: { item: HistoryItem }) {
  const { t } = useTranslation();
  const files = historyFilesText(item.files);
  return (
    <li>
      <Link className="item" to={`/history/${encodeURIComponent(item.id)}`}>
        <span className="item-title">{formatDateTime(item.created_at, currentLanguage())}</span>
        <span className="item-meta">
          {t('history.expert')}: {item.expert_name}
        </span>
        <span className="item-meta">
          {t('history.files')}: {files || t('history.noFiles')}
        </span>
      </Link>
    </li>
  );
}

/**
 * Spec §2 'Appointment history list' (appointmentHistoryEnabled): the patient's chats newest first, each with its
 * date, the expert's name and the file names (joined, cut at 45 characters), opening the details.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('history.title'));
  const list = useMyTranscripts();
  const ctx = usePatientContext();
  const actingFor = ctx.phase === 'ready' ? ctx.config?.actOnBehalf : null;
  return (
    <>
      <Link to="/landing" className="back-link">
        {t('common.backToHome')}
      </Link>
      <h1 className="page-title">{t('history.title')}</h1>
      <section className="card" aria-labelledby="history-list-title">
        <h2 id="history-list-title" className="visually-hidden">
          {t('history.title')}
        </h2>
        {!list.data ? (
          <QueryState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="empty">{t(...aboutPatient('history.empty', actingFor))}</p>
        ) : (
          <>
            <p>{t('history.intro', { days: CHAT_LIMITS.historyDays })}</p>
            <ul className="item-list">
              {newestFirst(list.data).map((item) => (
                <HistoryEntry key={item.id} item={item} />
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
