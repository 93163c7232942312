import './feedback.css';
import { useId, useState, type FormEvent } from 'react';
import {
  feedbackPeriod,
  localDateAt,
  ZFeedbackResultsQuery,
  type FeedbackFigures,
  type FeedbackResultsQuery,
  type ScoreType,
  languageTag,
} from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { TextField } from '@/components/ui/form-fields';
import { QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { periodRules } from '@/features/staff/period-rules';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useFeedbackResults } from './feedback-api';
import { figureOf, formatFigures, scoreTypesOf } from './feedback-figures';

type Period = { from: string; to: string };

/** The period chosen; the dates are checked with the server's own rules before anything is asked. */
function PeriodForm({ period, today, onApply }: { period: Period; today: string; onApply: (period: Period) => void }) {
  const { t } = useTranslation();
  // The query's schema, and the period's own rules as the server applies them (`feedbackPeriod`) have the last word.
  const rules = periodRules(today);
  const form = useZodForm<Period, FeedbackResultsQuery>({
    schema: ZFeedbackResultsQuery,
    defaultValues: period,
    toBody: (draft) => ({ from: draft.from || undefined, to: draft.to || undefined }),
    rules: rules.rules,
  });
  const submit = (e: FormEvent) =>
    form.submit(e, (query) => {
      const checked = rules.checked(query);
      if (!checked) return;
      form.form.reset(checked);
      onApply(checked);
    });
  return (
    <form className="card period-form" noValidate onSubmit={submit} aria-label={t('admin.feedback.period')}>
      <TextField label={t('admin.feedback.from')} type="date" {...form.field('from')} />
      <TextField label={t('admin.feedback.to')} type="date" {...form.field('to')} />
      <button type="submit" className="button">
        {t('admin.feedback.show')}
      </button>
    </form>
  );
}

/** One row of a table: a service or an expert (or feedback that names none), with its figures. */
type Row = { key: string; name: string; figures: FeedbackFigures[] };

/** A table of one grouping: a row per service or expert, a column per score type with answers, average and NPS. */
function FiguresTable({ title, rows }: { title: string; rows: Row[] }) {
  const { t } = useTranslation();
  const htmlLang = languageTag(currentLanguage());
  const headingId = useId();
  const types = scoreTypesOf(rows);
  const cell = (row: Row, type: ScoreType) => {
    const figures = figureOf(row, type);
    if (!figures) {
      return (
        <>
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">{t('admin.feedback.noAnswers')}</span>
        </>
      );
    }
    const shown = formatFigures(figures, htmlLang);
    return (
      <span className="feedback-figures">
        <span>{t('admin.feedback.answers', { count: figures.count, shown: shown.count })}</span>
        {shown.average !== undefined && <span>{t('admin.feedback.average', { value: shown.average })}</span>}
        {shown.nps !== undefined && <span className="nps">{t('admin.feedback.nps', { value: shown.nps })}</span>}
      </span>
    );
  };
  return (
    <section className="section-stack feedback-results" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <DataTable
        rows={rows}
        failed={false}
        empty={t('admin.feedback.noneHere')}
        caption={title}
        columns={[t('admin.feedback.name'), ...types.map((type) => t(`admin.feedback.scoreTypes.${type}`))]}
      >
        {(row) => (
          <tr key={row.key}>
            <td>{row.name}</td>
            {types.map((type) => (
              <td key={type}>{cell(row, type)}</td>
            ))}
          </tr>
        )}
      </DataTable>
    </section>
  );
}

/**
 * `/admin/feedback` (issue 9): what patients and experts answered after chats, per service and per expert, for a
 * period of calendar days (the last 30 to begin with): how many answers, their average, and for the 0–10 scale the NPS.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.feedback'));
  const lang = currentLanguage();
  const [today] = useState(() => localDateAt(new Date()));
  const [period, setPeriod] = useState<Period>(() => {
    const initial = feedbackPeriod({}, today);
    return initial.ok ? { from: initial.from, to: initial.to } : { from: today, to: today };
  });
  const results = useFeedbackResults(period);
  const data = results.data;
  return (
    <div className="section-stack">
      <div className="page-head">
        <h1>{t('admin.feedback.title')}</h1>
      </div>
      <p>{t('admin.feedback.intro')}</p>
      <PeriodForm period={period} today={today} onApply={setPeriod} />
      {!data ? (
        <QueryState error={results.error} onRetry={() => void results.refetch()} />
      ) : (
        <>
          <p aria-live="polite">{t('admin.feedback.showing', { from: formatDate(data.from, lang), to: formatDate(data.to, lang) })}</p>
          {data.byService.length === 0 && data.byExpert.length === 0 ? (
            <p className="empty">{t('admin.feedback.none')}</p>
          ) : (
            <>
              <p className="hint">{t('admin.feedback.scales')}</p>
              <FiguresTable
                title={t('admin.feedback.byService')}
                rows={data.byService.map((r) => ({
                  key: r.serviceId ?? '',
                  name: r.name?.[lang] ?? t('admin.feedback.noService'),
                  figures: r.figures,
                }))}
              />
              <FiguresTable
                title={t('admin.feedback.byExpert')}
                rows={data.byExpert.map((r) => ({
                  key: r.expertId ?? '',
                  name: r.name || t('admin.feedback.noExpert'),
                  figures: r.figures,
                }))}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
