import {
  endOfLocalDay,
  feedbackPeriod,
  localDateAt,
  SCORE_TYPES,
  startOfLocalDay,
  type FeedbackFigures,
  type FeedbackResultsQuery,
  type FeedbackSummary,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import * as repo from './feedback-results.repo';

/** Rounds half away from zero, so +12.5 and −12.5 both move out to 13 and −13. */
const roundAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * One group's figures per score type, in the order of `SCORE_TYPES`: the count; the average score to one decimal
 * (none for open feedback, which has no scale); and for the 0–10 scale the net promoter score, the share of 9–10
 * minus the share of 0–6, in whole percentage points. Computed from sums, so the average is exact before rounding.
 */
export function figuresOf(aggregates: readonly repo.ScoreAggregate[]): FeedbackFigures[] {
  return SCORE_TYPES.flatMap((scoreType) => {
    const a = aggregates.find((x) => x.scoreType === scoreType);
    if (!a || a.count === 0) return [];
    return [
      {
        scoreType,
        count: a.count,
        average: scoreType === 'open' ? null : Math.round((a.sum * 10) / a.count) / 10,
        nps: scoreType === 'nps' ? roundAway(((a.promoters - a.detractors) * 100) / a.count) : null,
      },
    ];
  });
}

function groupBy<T extends repo.ScoreAggregate, K extends string | null>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/**
 * `GET /api/admin/feedback`: the organisation's feedback in the period (Helsinki calendar days, the last 30 by
 * default) per service and per expert. Only the admin's own organisation is ever counted. Services in their list
 * order, experts by name; feedback without a service or an expert (deleted since, or never named) comes last.
 */
export async function feedbackSummary(db: Db, actor: AdminActor, query: FeedbackResultsQuery, now = new Date()): Promise<FeedbackSummary> {
  const organisationId = organisationOf(actor);
  const period = feedbackPeriod(query, localDateAt(now));
  if (!period.ok) throw new AppError(400, { fields: period.issues, detail: 'feedback period' });
  const [from, until] = [startOfLocalDay(period.from), endOfLocalDay(period.to)];
  const [byService, byExpert] = await Promise.all([
    repo.feedbackByService(db, organisationId, from, until),
    repo.feedbackByExpert(db, organisationId, from, until),
  ]);
  const serviceGroups = groupBy(byService, (r) => r.serviceId);
  const expertGroups = groupBy(byExpert, (r) => r.expertId);
  const ids = <K>(groups: Map<K | null, unknown>) => [...groups.keys()].filter((k): k is K => k !== null);
  const [serviceRows, expertRows] = await Promise.all([
    repo.serviceNames(db, organisationId, ids<string>(serviceGroups)),
    repo.expertNames(db, organisationId, ids<string>(expertGroups)),
  ]);
  const services = new Map(serviceRows.map((s) => [s.id, s]));
  const experts = new Map(expertRows.map((e) => [e.id, `${e.firstName} ${e.lastName}`.trim()]));
  const last = Number.MAX_SAFE_INTEGER;
  return {
    from: period.from,
    to: period.to,
    byService: [...serviceGroups]
      .map(([serviceId, rows]) => {
        const service = serviceId === null ? undefined : services.get(serviceId);
        return { serviceId, name: service?.name ?? null, position: service?.position ?? last, figures: figuresOf(rows) };
      })
      .sort((a, b) => a.position - b.position || (a.name?.fi ?? '').localeCompare(b.name?.fi ?? '', 'fi'))
      .map(({ position: _position, ...row }) => row),
    byExpert: [...expertGroups]
      .map(([expertId, rows]) => ({ expertId, name: (expertId && experts.get(expertId)) ?? '', figures: figuresOf(rows) }))
      .sort((a, b) => Number(a.expertId === null) - Number(b.expertId === null) || a.name.localeCompare(b.name, 'fi')),
  };
}
