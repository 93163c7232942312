import './audit-log.css';
import { useState, type FormEvent } from 'react';
import { AUDIT_EXPORT_LIMIT, type AuditSearch, type AuditSearchRow } from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-fields';
import { Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { downloadAuditCsv, useAuditOptions, useAuditSearch } from './audit-log-api';

const PAGE_SIZE = 20;
type Filters = { ssn: string; staffUserId: string; from: string; to: string; action: string };
const EMPTY: Filters = { ssn: '', staffUserId: '', from: '', to: '', action: '' };

const toSearch = (f: Filters, page: number): AuditSearch => ({
  ssn: f.ssn.trim() || undefined,
  staffUserId: f.staffUserId || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  action: f.action || undefined,
  page,
  pageSize: PAGE_SIZE,
});

/** The server's field errors of a refused search, by field (message keys for the form's fields). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(error.fields.map((f) => [f.field, f.messageKey]));
}

function Row({ row }: { row: AuditSearchRow }) {
  const lang = currentLanguage();
  return (
    <tr>
      <td>
        <time dateTime={row.at}>{formatDateTime(row.at, lang, { style: 'seconds' })}</time>
      </td>
      <td>{row.actorName || '–'}</td>
      <td>{row.roleText || '–'}</td>
      <td>{row.actionText}</td>
      <td className="audit-object">
        {row.objectTypeText || '–'}
        {row.objectId && <span className="hint">{row.objectId}</span>}
      </td>
      <td>{row.patient?.name || '–'}</td>
    </tr>
  );
}

/**
 * `/admin/auditLog` (issue 33 point 5; docs/security.md 'The admins' search of the audit log'): the organisation's
 * audit log by patient (identity code), member of staff, days and action, newest first, and the same as CSV. Under
 * the users area's view right, as the per-user action log. Nothing is searched until the admin asks: every patient
 * a page of results names is a read of their data, logged and shown in that patient's own access log.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  usePageTitle(t('auditLog.title'));
  const options = useAuditOptions();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters | null>(null);
  const [page, setPage] = useState(1);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const search = applied ? toSearch(applied, page) : null;
  const results = useAuditSearch(search);
  const errors = fieldErrors(results.error);
  const set = (key: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setApplied({ ...draft });
  };
  const download = async () => {
    if (!search) return;
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadAuditCsv(search);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  const columns = [
    t('auditLog.when'),
    t('auditLog.who'),
    t('auditLog.role'),
    t('auditLog.action'),
    t('auditLog.object'),
    t('auditLog.patient'),
  ];
  const refused = results.isError && Object.keys(errors).length > 0;
  // One download holds at most AUDIT_EXPORT_LIMIT rows; a larger search is narrowed first (the server refuses it too).
  const tooLarge = (results.data?.total ?? 0) > AUDIT_EXPORT_LIMIT;

  return (
    <div className="section-stack audit-log-page">
      <div className="page-head">
        <h1>{t('auditLog.title')}</h1>
      </div>
      <p>{t('auditLog.intro')}</p>
      <form className="card audit-log-filters" noValidate onSubmit={submit} aria-label={t('auditLog.filters')}>
        <TextField
          label={t('auditLog.ssn')}
          hint={t('auditLog.ssnHint')}
          value={draft.ssn}
          onChange={set('ssn')}
          error={errors.ssn}
          autoComplete="off"
          name="ssn"
        />
        <SelectField
          label={t('auditLog.staff')}
          placeholder={t('auditLog.all')}
          options={(options.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={draft.staffUserId}
          onChange={set('staffUserId')}
        />
        <TextField label={t('auditLog.from')} type="date" value={draft.from} onChange={set('from')} error={errors.from} />
        <TextField label={t('auditLog.to')} type="date" value={draft.to} onChange={set('to')} error={errors.to} />
        <SelectField
          label={t('auditLog.actionFilter')}
          placeholder={t('auditLog.all')}
          options={(options.data?.actions ?? []).map((a) => ({ value: a.action, label: a.text }))}
          value={draft.action}
          onChange={set('action')}
        />
        <div className="audit-log-submit">
          <button type="submit" className="button">
            {t('auditLog.search')}
          </button>
        </div>
      </form>
      {!search ? (
        <p className="hint">{t('auditLog.notYet')}</p>
      ) : refused ? (
        <FormAlert message={t('auditLog.checkFields')} focus />
      ) : !results.data ? (
        <QueryState error={results.error} onRetry={() => void results.refetch()} />
      ) : (
        <section className="section-stack" aria-labelledby="audit-results-title">
          <div className="audit-log-actions">
            <h2 id="audit-results-title">{t('auditLog.results', { count: results.data.total })}</h2>
            <button
              type="button"
              className="button secondary"
              disabled={downloading || results.data.total === 0 || tooLarge}
              onClick={() => void download()}
              aria-describedby="audit-csv-hint"
            >
              {t('auditLog.download')}
            </button>
            <span id="audit-csv-hint" className="hint">
              {t(tooLarge ? 'fields.exportTooLarge' : 'auditLog.downloadHint')}
            </span>
          </div>
          <FormAlert message={downloadFailed ? t('auditLog.downloadFailed') : undefined} />
          <DataTable rows={results.data.items} failed={false} empty={t('auditLog.empty')} caption={t('auditLog.title')} columns={columns}>
            {(row) => <Row key={row.id} row={row} />}
          </DataTable>
          <Pager page={page} pageSize={PAGE_SIZE} total={results.data.total} onPage={setPage} />
        </section>
      )}
    </div>
  );
}
