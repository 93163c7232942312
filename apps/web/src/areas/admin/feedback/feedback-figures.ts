import { SCORE_TYPES, type FeedbackFigures, type ScoreType } from '@prsp/contracts';

type Grouped = { figures: FeedbackFigures[] };

/** The score types any row has figures for, in the contract's order: the table's columns, no empty ones. */
export function scoreTypesOf(rows: readonly Grouped[]): ScoreType[] {
  return SCORE_TYPES.filter((type) => rows.some((row) => row.figures.some((f) => f.scoreType === type)));
}

export function figureOf(row: Grouped, type: ScoreType): FeedbackFigures | undefined {
  return row.figures.find((f) => f.scoreType === type);
}

/**
 * One cell's figures as the page shows them, in the user's number format (`htmlLang`: fi, sv or en): the count, the
 * average with one decimal, and the NPS with its sign (+30, −20, 0), so a reader sees at once which side it is on.
 */
export function formatFigures(figures: FeedbackFigures, htmlLang: string): { count: string; average?: string; nps?: string } {
  const decimal = new Intl.NumberFormat(htmlLang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(htmlLang, { signDisplay: 'exceptZero', maximumFractionDigits: 0 });
  return {
    count: new Intl.NumberFormat(htmlLang).format(figures.count),
    ...(figures.average === null ? {} : { average: decimal.format(figures.average) }),
    ...(figures.nps === null ? {} : { nps: signed.format(figures.nps) }),
  };
}
