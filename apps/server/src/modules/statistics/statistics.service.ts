import {
  addDays,
  endOfLocalDay,
  feedbackPeriod,
  localDateAt,
  startOfLocalDay,
  STATISTICS_COMMENTS_MAX,
  type Statistics,
  type StatisticsQuery,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import * as repo from './statistics.repo';
import { figuresOfGroup, indexRows } from './statistics-figures';

/**
 * `GET /api/admin/statistics` (issue 32, docs/statistics.md): the organisation's chats, bookings, secure messages,
 * feedback and surveys over a period of Helsinki calendar days, in total and per day, service, queue and expert,
 * all summed by the database from the stored rows. The answer names no patient; small counts in the breakdowns are
 * suppressed here (`figuresOfGroup`), never by the page. Only the admin's own organisation is ever counted.
 */
export async function statistics(db: Db, actor: AdminActor, query: StatisticsQuery, now = new Date()): Promise<Statistics> {
  const organisationId = organisationOf(actor);
  const period = feedbackPeriod(query, localDateAt(now));
  if (!period.ok) throw new AppError(400, { fields: period.issues, detail: 'statistics period' });
  const { serviceRows, queueRows, expertRows } = await repo.organisationChoices(db, organisationId);
  // A filter naming another organisation's service, queue or expert: nothing of it is ours to count.
  const unknown =
    (query.serviceId !== undefined && !serviceRows.some((s) => s.id === query.serviceId)) ||
    (query.queueId !== undefined && !queueRows.some((q) => q.id === query.queueId)) ||
    (query.expertId !== undefined && !expertRows.some((e) => e.id === query.expertId));
  if (unknown) throw new AppError(404, { detail: 'statistics filter' });
  const scope: repo.StatsScope = {
    organisationId,
    from: startOfLocalDay(period.from),
    until: endOfLocalDay(period.to),
    serviceId: query.serviceId,
    queueId: query.queueId,
    expertId: query.expertId,
  };
  // Secure messages belong to no service or queue: with such a filter they are not counted at all (null).
  const messagesApply = query.serviceId === undefined && query.queueId === undefined;
  const [chat, booking, message, feedback, survey, comments] = await Promise.all([
    repo.chatFigures(db, scope),
    repo.bookingFigures(db, scope),
    messagesApply ? repo.messageFigures(db, scope) : Promise.resolve(null),
    repo.feedbackFigures(db, scope),
    repo.surveyFigures(db, scope),
    repo.feedbackComments(db, scope, STATISTICS_COMMENTS_MAX),
  ]);
  const groups = indexRows({ chat, booking, message, feedback, survey });
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.push(day);
  const serviceNames = new Map(serviceRows.map((s) => [s.id, s.name]));
  const queueNames = new Map(queueRows.map((q) => [q.id, q.name]));
  const expertNames = new Map(expertRows.map((e) => [e.id, `${e.firstName} ${e.lastName}`.trim()]));
  const servicePlace = new Map(serviceRows.map((s, i) => [s.id, i]));
  const last = (key: string | null) => (key === null ? 1 : 0);
  return {
    from: period.from,
    to: period.to,
    // Totals over the period are exact, unless they are one expert's own.
    totals: figuresOfGroup(groups.sums('total', null), query.expertId !== undefined),
    byDay: days.map((date) => ({ date, figures: figuresOfGroup(groups.sums('day', date), true) })),
    byService: groups
      .keys('service')
      .sort((a, b) => last(a) - last(b) || (servicePlace.get(a ?? '') ?? 0) - (servicePlace.get(b ?? '') ?? 0))
      .map((serviceId) => ({
        serviceId,
        name: (serviceId && serviceNames.get(serviceId)) || null,
        figures: figuresOfGroup(groups.sums('service', serviceId), true),
      })),
    byQueue: groups
      .keys('queue')
      .map((queueId) => ({ queueId, name: (queueId && queueNames.get(queueId)) || null }))
      .sort((a, b) => last(a.queueId) - last(b.queueId) || (a.name ?? '').localeCompare(b.name ?? '', 'fi'))
      .map((row) => ({ ...row, figures: figuresOfGroup(groups.sums('queue', row.queueId), true) })),
    byExpert: groups
      .keys('expert')
      .map((expertId) => ({ expertId, name: (expertId && expertNames.get(expertId)) || '' }))
      .sort((a, b) => last(a.expertId) - last(b.expertId) || a.name.localeCompare(b.name, 'fi'))
      .map((row) => ({ ...row, figures: figuresOfGroup(groups.sums('expert', row.expertId), true) })),
    comments: comments.map(({ total: _total, ...c }) => c),
    commentsLeftOut: Math.max(0, (comments[0]?.total ?? 0) - comments.length),
    choices: {
      services: serviceRows.map((s) => ({ id: s.id, name: s.name })),
      queues: queueRows.map((q) => ({ id: q.id, name: q.name })),
      experts: [...expertNames].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'fi')),
    },
  };
}
