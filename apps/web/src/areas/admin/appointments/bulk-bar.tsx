import './bulk.css';
import { useEffect, useId, useRef, useState } from 'react';
import { BULK_LIMITS, type AppointmentRow, type BookableExpert, type BulkActionKind, type BulkResult } from '@prsp/contracts';
import { showToast } from '@/components/ui/toasts';
import { formatDate, formatTimeRange } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { BookingFilters } from './booking-filters';
import { BulkDialog } from './bulk-dialog';
import { allShownState, filterSelection, selectionOf, toggled, toggledAll, type BulkScope } from './bulk-selection';

const ACTIONS: BulkActionKind[] = ['deleteOpenTimes', 'cancel', 'move'];
const NONE: ReadonlySet<string> = new Set();

/** The list's ticked rows (kept across pages until an action is done or the filters change). */
export function useBulkSelection(filters: BookingFilters) {
  const [state, setState] = useState<{ filters: BookingFilters; ticked: ReadonlySet<string> }>({ filters, ticked: NONE });
  // Other filters, other rows: what was ticked under the old ones is dropped.
  const ticked = state.filters === filters ? state.ticked : NONE;
  return { ticked, setTicked: (next: ReadonlySet<string>) => setState({ filters, ticked: next }) };
}

/** The 'select all shown' box of the list's head: checked, unchecked or mixed. */
export function SelectAllShown({
  rows,
  ticked,
  onChange,
}: {
  rows: readonly AppointmentRow[];
  ticked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const ids = rows.map((r) => r.id);
  const state = allShownState(ticked, ids);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'mixed';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="bulk-check"
      aria-label={t('admin.bookingsBulk.selectAll', { count: ids.length })}
      checked={state === true}
      onChange={(e) => onChange(toggledAll(ticked, ids, e.target.checked))}
    />
  );
}

/** One row's box, named by the row's time, expert and who. */
export function SelectRow({
  row,
  ticked,
  onChange,
}: {
  row: AppointmentRow;
  ticked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const who = row.patientName ?? (row.status === 'open' ? t('admin.bookingsBulk.openTime') : row.name);
  return (
    <input
      type="checkbox"
      className="bulk-check"
      aria-label={t('admin.bookingsBulk.selectRow', {
        time: formatTimeRange(row.startTime, row.endTime, lang),
        expert: row.expert.name,
        who,
      })}
      checked={ticked.has(row.id)}
      onChange={(e) => onChange(toggled(ticked, row.id, e.target.checked))}
    />
  );
}

/**
 * The bulk bar above the list (issue 33 point 2): acts on the ticked rows or on what the filters name (an expert's,
 * or everyone's, day or range of days); Delete open times, Cancel with a message, Move to another expert, each
 * through a preview to confirm. The count of ticked rows and the outcome are announced politely.
 */
export function BulkBar({
  ticked,
  filters,
  experts,
  onDone,
}: {
  ticked: ReadonlySet<string>;
  filters: BookingFilters;
  experts: readonly BookableExpert[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const headingId = useId();
  const [scope, setScope] = useState<BulkScope>('rows');
  const [open, setOpen] = useState<BulkActionKind | undefined>();
  const [result, setResult] = useState<string>('');
  const selection = selectionOf(scope, ticked, filters);
  const range = filterSelection(filters);
  const expertName = range?.expertId ? (experts.find((e) => e.id === range.expertId)?.name ?? '') : t('admin.bookingsBulk.allExperts');
  const days = range
    ? range.from === range.to
      ? formatDate(range.from, lang)
      : `${formatDate(range.from, lang)}–${formatDate(range.to, lang)}`
    : '';
  const scopeText =
    scope === 'rows'
      ? t('admin.bookingsBulk.scopeRows', { count: ticked.size })
      : t('admin.bookingsBulk.scopeFilters', { expert: expertName, days });

  const done = (r: BulkResult) => {
    const text = t('admin.bookingsBulk.done', { ...r.counts, emails: r.emails });
    setResult(text);
    showToast(text);
    setOpen(undefined);
    onDone();
  };

  return (
    <section className="card bulk-bar" aria-labelledby={headingId}>
      <h2 id={headingId} className="bulk-title">
        {t('admin.bookingsBulk.region')}
      </h2>
      <p className="bulk-count" aria-live="polite">
        {t('admin.bookingsBulk.selected', { count: ticked.size })}
      </p>
      <fieldset className="bulk-scope">
        <legend>{t('admin.bookingsBulk.scope')}</legend>
        <label className="check">
          <input type="radio" name="bulk-scope" checked={scope === 'rows'} onChange={() => setScope('rows')} />
          <span>{t('admin.bookingsBulk.scopeRows', { count: ticked.size })}</span>
        </label>
        <label className="check">
          <input type="radio" name="bulk-scope" checked={scope === 'filters'} disabled={!range} onChange={() => setScope('filters')} />
          <span>
            {range
              ? t('admin.bookingsBulk.scopeFilters', { expert: expertName, days })
              : t('admin.bookingsBulk.scopeFiltersNeedDay', { max: BULK_LIMITS.maxDays })}
          </span>
        </label>
      </fieldset>
      {scope === 'rows' && ticked.size > BULK_LIMITS.maxItems && (
        <p className="alert">{t('admin.bookingsBulk.tooMany', { max: BULK_LIMITS.maxItems })}</p>
      )}
      <div className="actions">
        {ACTIONS.map((kind) => (
          <button key={kind} type="button" className="button secondary" disabled={!selection} onClick={() => setOpen(kind)}>
            {t(`admin.bookingsBulk.actions.${kind}`)}
          </button>
        ))}
      </div>
      <p className="bulk-result" role="status">
        {result}
      </p>
      {open && selection && (
        <BulkDialog
          kind={open}
          selection={selection}
          scopeText={scopeText}
          experts={experts}
          onDone={done}
          onClose={() => setOpen(undefined)}
        />
      )}
    </section>
  );
}
