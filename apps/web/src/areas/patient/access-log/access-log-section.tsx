import './access-log-texts';
import './access-log.css';
import { useState } from 'react';
import type { AccessLogEntry } from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime, formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { ACCESS_LOG_PAGE_SIZE, useAccessLog } from './access-log-api';

/** When: the last read of the line, and for a merged line how many reads since when. */
function When({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // Reads within one minute show that minute once, not a span from it to itself.
  const [from, to] = [formatTime(entry.firstAt, lang), formatTime(entry.at, lang)];
  return (
    <>
      <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>
      {entry.count > 1 && (
        <span className="hint access-log-times">
          {from === to ? t('accessLog.timesAt', { count: entry.count, at: to }) : t('accessLog.times', { count: entry.count, from, to })}
        </span>
      )}
    </>
  );
}

/**
 * "Who has used my data" on the profile page (the client-data act 703/2023 gives the patient the right to know):
 * which professional (name, title) or system of which organisation opened the patient's data, what and when, newest
 * first, ten lines a page. While acting for someone it is that person's log (the server decides, docs/security.md).
 */
export function AccessLogSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useAccessLog(page);
  const lang = currentLanguage();
  const columns = [t('accessLog.when'), t('accessLog.who'), t('accessLog.role'), t('accessLog.organisation'), t('accessLog.what')];
  return (
    <section className="card access-log" aria-labelledby="access-log-title">
      <h2 id="access-log-title">{t('accessLog.title')}</h2>
      <p>{t('accessLog.intro')}</p>
      <p className="hint">{t('accessLog.merged')}</p>
      {log.isError && !log.data ? (
        <QueryState error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <>
          <DataTable
            rows={log.data?.items}
            failed={log.isError}
            empty={t('accessLog.empty')}
            caption={t('accessLog.title')}
            columns={columns}
          >
            {(entry) => (
              <tr key={`${entry.at}-${entry.action}-${entry.readerName}-${entry.count}`}>
                <td>
                  <When entry={entry} />
                </td>
                <td>{entry.readerName}</td>
                <td>{entry.roleText}</td>
                <td>{entry.organisation?.[lang] ?? '–'}</td>
                <td>{entry.actionText}</td>
              </tr>
            )}
          </DataTable>
          {log.data && log.data.total > 0 && <Pager page={page} pageSize={ACCESS_LOG_PAGE_SIZE} total={log.data.total} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
