import { SCORE_TYPES, type Language, type ScoreType, type StatCount, type StatFigures, type Statistics } from '@prsp/contracts';
import type { TFunction } from '@/lib/i18n';
import { csvDate, toCsv, type CsvCell } from './statistics-csv';

/** The figures of a row in the order the tables and the CSV show them; durations are shown in minutes. */
export const FIGURE_COLUMNS = [
  { key: 'chatsHandled', kind: 'count' },
  { key: 'chatsAbandoned', kind: 'count' },
  { key: 'transfers', kind: 'count' },
  { key: 'waitMedianSeconds', kind: 'duration' },
  { key: 'waitP90Seconds', kind: 'duration' },
  { key: 'handlingMedianSeconds', kind: 'duration' },
  { key: 'bookingsMade', kind: 'count' },
  { key: 'cancelledByPatient', kind: 'count' },
  { key: 'cancelledByAdmin', kind: 'count' },
  { key: 'cancelledByExpert', kind: 'count' },
  { key: 'held', kind: 'count' },
  { key: 'noShows', kind: 'count' },
  { key: 'messagesReceived', kind: 'count' },
  { key: 'messagesAnswered', kind: 'count' },
  { key: 'firstAnswerMedianSeconds', kind: 'duration' },
  { key: 'surveysSent', kind: 'count' },
  { key: 'surveysAnswered', kind: 'count' },
] as const satisfies readonly { key: keyof StatFigures; kind: 'count' | 'duration' }[];
export type FigureColumn = (typeof FIGURE_COLUMNS)[number];

/** A named row of a breakdown (or the totals), whatever it groups by. */
export type NamedRow = { key: string; name: string; figures: StatFigures };

/** The rows of each breakdown with their names in the user's language (rows naming nothing get the page's word for it). */
export function breakdowns(data: Statistics, t: TFunction, lang: Language) {
  return {
    service: data.byService.map((r) => ({
      key: r.serviceId ?? '',
      name: r.name?.[lang] ?? t('statistics.noService'),
      figures: r.figures,
    })),
    queue: data.byQueue.map((r) => ({ key: r.queueId ?? '', name: r.name ?? t('statistics.noQueue'), figures: r.figures })),
    expert: data.byExpert.map((r) => ({ key: r.expertId ?? '', name: r.name || t('statistics.noExpert'), figures: r.figures })),
  } satisfies Record<string, NamedRow[]>;
}

/** The score types any row of the answer has figures for, in the contract's order. */
export function scoreTypesIn(data: Statistics): ScoreType[] {
  const all = [data.totals, ...data.byDay.map((d) => d.figures)];
  return SCORE_TYPES.filter((type) => all.some((f) => f.feedback.some((x) => x.scoreType === type)));
}

const csvCount = (value: StatCount | null): CsvCell => value;
const csvMinutes = (seconds: number | null): CsvCell => (seconds === null ? null : Math.round(seconds / 6) / 10);

function csvFigures(figures: StatFigures, types: readonly ScoreType[]): CsvCell[] {
  const cells: CsvCell[] = FIGURE_COLUMNS.map((c) => (c.kind === 'count' ? csvCount(figures[c.key]) : csvMinutes(figures[c.key])));
  for (const type of types) {
    const f = figures.feedback.find((x) => x.scoreType === type);
    cells.push(f?.count ?? 0, f?.average ?? null);
    if (type === 'nps') cells.push(f?.nps ?? null);
  }
  return cells;
}

/**
 * The statistics as one CSV table (docs/statistics.md 'CSV'): a header row, the totals, a row per day, service,
 * queue and expert (the first two columns say which), durations in minutes; then an empty row and the comments.
 */
export function statisticsCsv(data: Statistics, t: TFunction, lang: Language): string {
  const types = scoreTypesIn(data);
  const header: CsvCell[] = [
    t('statistics.group'),
    t('statistics.name'),
    ...FIGURE_COLUMNS.map((c) =>
      c.kind === 'duration' ? t('statistics.inMinutes', { label: t(`statistics.figures.${c.key}`) }) : t(`statistics.figures.${c.key}`),
    ),
    ...types.flatMap((type) => {
      const name = t(`admin.feedback.scoreTypes.${type}`);
      return [
        t('statistics.feedbackCount', { type: name }),
        t('statistics.feedbackAverage', { type: name }),
        ...(type === 'nps' ? [t('statistics.npsColumn')] : []),
      ];
    }),
  ];
  const rows = breakdowns(data, t, lang);
  const table: CsvCell[][] = [
    header,
    [t('statistics.groups.total'), `${csvDate(data.from)}–${csvDate(data.to)}`, ...csvFigures(data.totals, types)],
    ...data.byDay.map((d) => [t('statistics.groups.day'), csvDate(d.date), ...csvFigures(d.figures, types)]),
    ...(['service', 'queue', 'expert'] as const).flatMap((group) =>
      rows[group].map((r) => [t(`statistics.groups.${group}`), r.name, ...csvFigures(r.figures, types)]),
    ),
  ];
  if (data.comments.length > 0) {
    table.push([], [t('statistics.date'), t('statistics.scoreType'), t('statistics.score'), t('statistics.comment')]);
    for (const c of data.comments) table.push([csvDate(c.date), t(`admin.feedback.scoreTypes.${c.scoreType}`), c.score, c.text]);
  }
  return toCsv(table);
}
