import './statistics.css';
import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  feedbackPeriod,
  languageTag,
  localDateAt,
  ZStatisticsQuery,
  type StatCount,
  type StatFigures,
  type Statistics,
  type StatisticsQuery,
} from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { periodRules } from '@/features/staff/period-rules';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useStatistics } from './statistics-api';
import type { Series } from './statistics-chart';
import { breakdowns, FIGURE_COLUMNS, scoreTypesIn, statisticsCsv, type NamedRow } from './statistics-table';

// chart.js comes with this page only, and after its tables: the figures show while the charts load.
const TrendChart = lazy(() => import('./statistics-chart'));

/**
 * A wide table's own scroll box: focusable and named, so a keyboard user can scroll it too (WCAG 2.1.1; axe
 * 'scrollable-region-focusable'); the kit's wrapper inside it no longer scrolls (statistics.css).
 */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="statistics-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** A compact table (a phone scrolls it sideways in its box instead of turning each row into a card). */
function PlainTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <Scroll label={caption}>
      <div className="table-wrap">
        <table className="data statistics-compact">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </Scroll>
  );
}

type Filters = { from: string; to: string; serviceId: string; queueId: string; expertId: string };
const toQuery = (f: Filters): StatisticsQuery => ({
  from: f.from || undefined,
  to: f.to || undefined,
  serviceId: f.serviceId || undefined,
  queueId: f.queueId || undefined,
  expertId: f.expertId || undefined,
});

/** How the page writes a figure: numbers in the user's format, "<5" as the server sent it, durations in minutes. */
function useFormat() {
  const { t } = useTranslation();
  const tag = languageTag(currentLanguage());
  return useMemo(() => {
    const number = new Intl.NumberFormat(tag);
    const minutes = new Intl.NumberFormat(tag, { style: 'unit', unit: 'minute', maximumFractionDigits: 1 });
    const decimal = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const signed = new Intl.NumberFormat(tag, { signDisplay: 'exceptZero', maximumFractionDigits: 0 });
    const none = (sr: string) => (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{sr}</span>
      </>
    );
    return {
      count: (value: StatCount | null): ReactNode =>
        value === null ? (
          none(t('statistics.notCounted'))
        ) : value === '<5' ? (
          <abbr title={t('statistics.suppressed')}>&lt;5</abbr>
        ) : (
          number.format(value)
        ),
      minutes: (seconds: number | null): ReactNode => (seconds === null ? none(t('statistics.noValue')) : minutes.format(seconds / 60)),
      average: (value: number | null): ReactNode => (value === null ? none(t('statistics.noValue')) : decimal.format(value)),
      nps: (value: number | null): ReactNode => (value === null ? none(t('statistics.noValue')) : signed.format(value)),
    };
  }, [t, tag]);
}

function FiltersForm({
  initial,
  today,
  data,
  onApply,
}: {
  initial: Filters;
  today: string;
  data: Statistics | undefined;
  onApply: (f: Filters) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const period = periodRules(today);
  const form = useZodForm<Filters, StatisticsQuery>({
    schema: ZStatisticsQuery,
    defaultValues: initial,
    toBody: toQuery,
    rules: period.rules,
  });
  const submit = (e: FormEvent) =>
    form.submit(e, (query) => {
      const checked = period.checked(query);
      if (!checked) return;
      const next = { ...form.form.getValues(), ...checked };
      form.form.reset(next);
      onApply(next);
    });
  const choices = data?.choices;
  return (
    <form className="card statistics-filters" noValidate onSubmit={submit} aria-label={t('statistics.filters')}>
      <TextField label={t('statistics.from')} type="date" {...form.field('from')} />
      <TextField label={t('statistics.to')} type="date" {...form.field('to')} />
      <SelectField
        label={t('statistics.service')}
        placeholder={t('statistics.all')}
        options={(choices?.services ?? []).map((s) => ({ value: s.id, label: s.name[lang] }))}
        {...form.field('serviceId')}
      />
      <SelectField
        label={t('statistics.queue')}
        placeholder={t('statistics.all')}
        options={(choices?.queues ?? []).map((q) => ({ value: q.id, label: q.name }))}
        {...form.field('queueId')}
      />
      <SelectField
        label={t('statistics.expert')}
        placeholder={t('statistics.all')}
        options={(choices?.experts ?? []).map((x) => ({ value: x.id, label: x.name }))}
        {...form.field('expertId')}
      />
      <button type="submit" className="button">
        {t('statistics.show')}
      </button>
    </form>
  );
}

/** The period's totals, a figure a row, under the heading of what they count. */
function Totals({ data }: { data: Statistics }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const rows: { key: string; label: string; value: ReactNode }[] = FIGURE_COLUMNS.map((c) => ({
    key: c.key,
    label: t(`statistics.figures.${c.key}`),
    value: c.kind === 'count' ? format.count(data.totals[c.key]) : format.minutes(data.totals[c.key]),
  }));
  for (const f of data.totals.feedback) {
    const name = t(`admin.feedback.scoreTypes.${f.scoreType}`);
    rows.push({ key: `${f.scoreType}-count`, label: t('statistics.feedbackCount', { type: name }), value: format.count(f.count) });
    if (f.average !== null)
      rows.push({ key: `${f.scoreType}-avg`, label: t('statistics.feedbackAverage', { type: name }), value: format.average(f.average) });
    if (f.scoreType === 'nps') rows.push({ key: 'nps', label: t('statistics.nps'), value: format.nps(f.nps) });
  }
  return (
    <section className="section-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('statistics.totals')}</h2>
      <PlainTable caption={t('statistics.totals')} columns={[t('statistics.figure'), t('statistics.value')]}>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </PlainTable>
    </section>
  );
}

type TrendSpec = {
  id: string;
  title: string;
  kind: 'bar' | 'line';
  columns: { label: string; values: (StatCount | number | null)[]; duration?: boolean }[];
};

/** A chart of days and, beside it, the same figures as a table (what a screen reader reads). */
function Trend({ spec, days }: { spec: TrendSpec; days: string[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const format = useFormat();
  const headingId = useId();
  const labels = useMemo(() => days.map((d) => formatDate(d, lang)), [days, lang]);
  const series = useMemo<Series[]>(
    () =>
      spec.columns.map((c) => ({
        label: c.label,
        data: c.values.map((v) => (typeof v === 'number' ? (c.duration ? Math.round(v / 6) / 10 : v) : null)),
      })),
    [spec],
  );
  return (
    <section className="section-stack" aria-labelledby={headingId}>
      <h3 id={headingId}>{spec.title}</h3>
      <div className="statistics-trend">
        <Suspense fallback={<p className="hint">{t('statistics.charts.loading')}</p>}>
          <TrendChart title={spec.title} kind={spec.kind} labels={labels} series={series} />
        </Suspense>
        <PlainTable
          caption={t('statistics.charts.tableOf', { title: spec.title })}
          columns={[t('statistics.date'), ...spec.columns.map((c) => c.label)]}
        >
          {days.map((date, i) => (
            <tr key={date}>
              <th scope="row">{formatDate(date, lang)}</th>
              {spec.columns.map((c) => {
                const v = c.values[i] ?? null;
                return <td key={c.label}>{c.duration ? format.minutes(v as number | null) : format.count(v as StatCount | null)}</td>;
              })}
            </tr>
          ))}
        </PlainTable>
      </div>
    </section>
  );
}

function Trends({ data }: { data: Statistics }) {
  const { t } = useTranslation();
  const headingId = useId();
  const days = useMemo(() => data.byDay.map((d) => d.date), [data]);
  const specs = useMemo<TrendSpec[]>(() => {
    const of = <K extends keyof StatFigures>(key: K) => data.byDay.map((d) => d.figures[key]);
    const col = (key: Exclude<keyof StatFigures, 'feedback'>, duration = false) => ({
      label: t(`statistics.figures.${key}`),
      values: of(key) as (StatCount | number | null)[],
      duration,
    });
    return [
      {
        id: 'chats',
        title: t('statistics.charts.chats'),
        kind: 'bar',
        columns: [col('chatsHandled'), col('chatsAbandoned'), col('transfers')],
      },
      {
        id: 'waits',
        title: t('statistics.charts.waits'),
        kind: 'line',
        columns: [col('waitMedianSeconds', true), col('waitP90Seconds', true)],
      },
      {
        id: 'bookings',
        title: t('statistics.charts.bookings'),
        kind: 'bar',
        columns: [col('bookingsMade'), col('held'), col('noShows'), col('cancelledByPatient')],
      },
    ];
  }, [data, t]);
  return (
    <section className="section-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('statistics.trends')}</h2>
      <div className="statistics-trends">
        {specs.map((spec) => (
          <Trend key={spec.id} spec={spec} days={days} />
        ))}
      </div>
    </section>
  );
}

/** A breakdown: a row per service, queue or expert, a column per figure (feedback last). */
function Breakdown({ title, rows, data }: { title: string; rows: NamedRow[]; data: Statistics }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const types = scoreTypesIn(data);
  return (
    <section className="section-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Scroll label={title}>
        <DataTable
          rows={rows}
          failed={false}
          empty={t('statistics.noneHere')}
          caption={title}
          columns={[
            t('statistics.name'),
            ...FIGURE_COLUMNS.map((c) => t(`statistics.figures.${c.key}`)),
            ...types.map((type) => t(`admin.feedback.scoreTypes.${type}`)),
          ]}
        >
          {(row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {FIGURE_COLUMNS.map((c) => (
                <td key={c.key}>{c.kind === 'count' ? format.count(row.figures[c.key]) : format.minutes(row.figures[c.key])}</td>
              ))}
              {types.map((type) => {
                const f = row.figures.feedback.find((x) => x.scoreType === type);
                return (
                  <td key={type}>
                    {format.count(f?.count ?? 0)}
                    {f?.average != null && <> · {format.average(f.average)}</>}
                    {f?.nps != null && (
                      <>
                        {' · '}
                        {t('statistics.nps')} {format.nps(f.nps)}
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          )}
        </DataTable>
      </Scroll>
    </section>
  );
}

function Comments({ data }: { data: Statistics }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const headingId = useId();
  return (
    <section className="section-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('statistics.comments')}</h2>
      {data.comments.length === 0 ? (
        <p className="empty">{t('statistics.commentsNone')}</p>
      ) : (
        <>
          {data.commentsLeftOut > 0 && (
            <p className="hint">{t('statistics.commentsLeftOut', { shown: data.comments.length, count: data.commentsLeftOut })}</p>
          )}
          <ul className="statistics-comments">
            {data.comments.map((c, i) => (
              <li key={i}>
                <span className="hint">
                  {formatDate(c.date, lang)} · {t(`admin.feedback.scoreTypes.${c.scoreType}`)}: {c.score}
                </span>
                <blockquote>{c.text}</blockquote>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Saves the figures as a CSV file for a Finnish spreadsheet (statistics-csv.ts). */
function download(data: Statistics, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `statistics-${data.from}-${data.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * `/admin/statistics` (issue 32 point 3, docs/statistics.md): the organisation's figures for a period (the last 30
 * days to begin with) and the filters chosen: totals, trends per day as charts with their tables, breakdowns per
 * service, queue and expert, the feedback comments, and the same as CSV. Small counts come suppressed from the server.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('statistics.title'));
  const lang = currentLanguage();
  const [today] = useState(() => localDateAt(new Date()));
  const [filters, setFilters] = useState<Filters>(() => {
    const initial = feedbackPeriod({}, today);
    const period = initial.ok ? { from: initial.from, to: initial.to } : { from: today, to: today };
    return { ...period, serviceId: '', queueId: '', expertId: '' };
  });
  const results = useStatistics(toQuery(filters));
  const data = results.data;
  const rows = data ? breakdowns(data, t, lang) : undefined;
  return (
    <div className="section-stack statistics-page">
      <div className="page-head">
        <h1>{t('statistics.title')}</h1>
      </div>
      <p>{t('statistics.intro')}</p>
      <p className="hint">{t('statistics.suppressionNote')}</p>
      <FiltersForm initial={filters} today={today} data={data} onApply={setFilters} />
      {!data || !rows ? (
        <QueryState error={results.error} onRetry={() => void results.refetch()} />
      ) : (
        <>
          <div className="statistics-actions">
            <p aria-live="polite">{t('statistics.showing', { from: formatDate(data.from, lang), to: formatDate(data.to, lang) })}</p>
            <button
              type="button"
              className="button secondary"
              onClick={() => download(data, statisticsCsv(data, t, lang))}
              aria-describedby="statistics-csv-hint"
            >
              {t('statistics.download')}
            </button>
            <span id="statistics-csv-hint" className="hint">
              {t('statistics.downloadHint')}
            </span>
          </div>
          <Totals data={data} />
          <Trends data={data} />
          <Breakdown title={t('statistics.byService')} rows={rows.service} data={data} />
          <Breakdown title={t('statistics.byQueue')} rows={rows.queue} data={data} />
          <Breakdown title={t('statistics.byExpert')} rows={rows.expert} data={data} />
          <Comments data={data} />
        </>
      )}
    </div>
  );
}
