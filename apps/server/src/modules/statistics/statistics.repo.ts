import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { SERVICE_TIME_ZONE, type ScoreType } from '@prsp/contracts';
import { rowsOf, type Tx } from '../../db/client';
import {
  appointments,
  chatChannels,
  chatFeedback,
  chatMessages,
  chatQueues,
  conversationMessages,
  conversations,
  experts,
  services,
  staffUsers,
  surveyResponses,
} from '../../db/schema';

/** Which group a row of a grouped query sums: the whole period, or one day, service, queue or expert. */
export type Dimension = 'total' | 'day' | 'service' | 'queue' | 'expert';
type Keyed = { dim: Dimension; key: string | null };

export type StatsScope = {
  organisationId: string;
  from: Date;
  until: Date;
  serviceId?: string;
  queueId?: string;
  expertId?: string;
};

export type ChatRow = Keyed & {
  handled: number;
  abandoned: number;
  transfers: number;
  waitMedian: number | null;
  waitP90: number | null;
  waitCount: number;
  handlingMedian: number | null;
  handlingCount: number;
};
export type BookingRow = Keyed & {
  made: number;
  cancelledByPatient: number;
  cancelledByAdmin: number;
  cancelledByExpert: number;
  held: number;
  noShows: number;
};
export type MessageRow = Keyed & { received: number; answered: number; firstAnswerMedian: number | null; firstAnswerCount: number };
export type FeedbackRow = Keyed & { scoreType: ScoreType; count: number; sum: number; promoters: number; detractors: number };
export type SurveyRow = Keyed & { sent: number; answered: number };

/** The Helsinki calendar day of a timestamp, as `YYYY-MM-DD`. */
const dayOf = (column: SQL) => sql`to_char((${column} at time zone ${SERVICE_TIME_ZONE})::date, 'YYYY-MM-DD')`;
const within = (column: SQL, scope: StatsScope) =>
  sql`${column} >= ${scope.from.toISOString()}::timestamptz and ${column} < ${scope.until.toISOString()}::timestamptz`;
/** `and column = value` for a filter that was given, nothing for one that was not. */
const filter = (column: SQL, value: string | undefined) => (value === undefined ? sql`` : sql` and ${column} = ${value}`);

/**
 * Sums `source` (which yields text columns day, service_id, queue_id, expert_id beside its own) once for the whole
 * period and once per day, service, queue and expert, in one pass (GROUPING SETS). `also` adds a column grouped
 * within every set (the feedback's score type).
 */
async function grouped<T>(tx: Tx, source: SQL, aggregates: SQL, also?: string): Promise<T[]> {
  const extra = also ? sql.raw(`${also}, `) : sql``;
  const set = (columns: string) => sql.raw(also ? `(${[also, columns].filter(Boolean).join(', ')})` : `(${columns})`);
  const result = await tx.execute(sql`
    select
      case grouping(day, service_id, queue_id, expert_id)
        when 15 then 'total' when 7 then 'day' when 11 then 'service' when 13 then 'queue' else 'expert' end as dim,
      coalesce(day, service_id, queue_id, expert_id) as key,
      ${extra}${aggregates}
    from (${source}) as s
    group by grouping sets (${set('')}, ${set('day')}, ${set('service_id')}, ${set('queue_id')}, ${set('expert_id')})`);
  return rowsOf<T>(result);
}

/**
 * Queue chats that entered in the period (`created_at`): handled once accepted, abandoned when ended without; the
 * wait from entering the (last) queue to being accepted, the handling from accepted to ended; transfers are the
 * system messages `transferred` in the chat.
 */
export function chatFigures(tx: Tx, scope: StatsScope): Promise<ChatRow[]> {
  const source = sql`
    select ${dayOf(sql`c.created_at`)} as day, c.service_id::text as service_id, c.queue_id, c.expert_id::text as expert_id,
      c.accepted_at is not null as handled,
      c.status = 'ended' and c.accepted_at is null as abandoned,
      extract(epoch from c.accepted_at - c.queued_at) as wait,
      case when c.status = 'ended' then extract(epoch from c.ended_at - c.accepted_at) end as handling,
      (select count(*) from ${chatMessages} m where m.channel_id = c.id and m.kind = 'system' and m.text = 'transferred') as transfers
    from ${chatChannels} c
    where c.organisation_id = ${scope.organisationId} and c.kind = 'queue' and ${within(sql`c.created_at`, scope)}
      ${filter(sql`c.service_id`, scope.serviceId)}${filter(sql`c.queue_id`, scope.queueId)}${filter(sql`c.expert_id`, scope.expertId)}`;
  return grouped<ChatRow>(
    tx,
    source,
    sql`(count(*) filter (where handled))::int as handled,
      (count(*) filter (where abandoned))::int as abandoned,
      coalesce(sum(transfers), 0)::int as transfers,
      percentile_cont(0.5) within group (order by wait) as "waitMedian",
      percentile_cont(0.9) within group (order by wait) as "waitP90",
      count(wait)::int as "waitCount",
      percentile_cont(0.5) within group (order by handling) as "handlingMedian",
      count(handling)::int as "handlingCount"`,
  );
}

/**
 * Booked appointments' events, each on its own day: made (`booked_at`), cancelled by whom (`cancelled_at`,
 * `cancelled_by`), held (`held_at`), a no-show (`no_show_at`). Free times never booked are not counted.
 */
export function bookingFigures(tx: Tx, scope: StatsScope): Promise<BookingRow[]> {
  const source = sql`
    select e.kind, ${dayOf(sql`e.at`)} as day, a.service_id::text as service_id, a.queue_id, a.expert_id::text as expert_id
    from ${appointments} a
    cross join lateral (values ('made', a.booked_at), ('cancelled:' || a.cancelled_by, a.cancelled_at),
      ('held', a.held_at), ('noShow', a.no_show_at)) as e(kind, at)
    where a.organisation_id = ${scope.organisationId} and a.booked_at is not null and ${within(sql`e.at`, scope)}
      ${filter(sql`a.service_id`, scope.serviceId)}${filter(sql`a.queue_id`, scope.queueId)}${filter(sql`a.expert_id`, scope.expertId)}`;
  return grouped<BookingRow>(
    tx,
    source,
    sql`(count(*) filter (where kind = 'made'))::int as made,
      (count(*) filter (where kind = 'cancelled:patient'))::int as "cancelledByPatient",
      (count(*) filter (where kind = 'cancelled:admin'))::int as "cancelledByAdmin",
      (count(*) filter (where kind = 'cancelled:expert'))::int as "cancelledByExpert",
      (count(*) filter (where kind = 'held'))::int as held,
      (count(*) filter (where kind = 'noShow'))::int as "noShows"`,
  );
}

/**
 * Secure message requests patients sent in the period: received, answered (an expert has written in it since) and
 * the time to the first answer. A request belongs to no service or queue; its expert is the one who first answered.
 */
export function messageFigures(tx: Tx, scope: StatsScope): Promise<MessageRow[]> {
  const source = sql`
    select ${dayOf(sql`c.created_at`)} as day, null::text as service_id, null::text as queue_id, c.expert_id::text as expert_id,
      extract(epoch from fa.first_at - c.created_at) as first_answer
    from ${conversations} c
    left join lateral (select min(m.created_at) as first_at from ${conversationMessages} m
      where m.conversation_id = c.id and m.author_expert_id is not null) fa on true
    where c.organisation_id = ${scope.organisationId} and c.kind = 'request' and ${within(sql`c.created_at`, scope)}
      ${filter(sql`c.expert_id`, scope.expertId)}`;
  return grouped<MessageRow>(
    tx,
    source,
    sql`count(*)::int as received,
      count(first_answer)::int as answered,
      percentile_cont(0.5) within group (order by first_answer) as "firstAnswerMedian",
      count(first_answer)::int as "firstAnswerCount"`,
  );
}

/** Feedback given in the period per score type: the sums `figuresOf` (the feedback results' own) turns into figures. */
export function feedbackFigures(tx: Tx, scope: StatsScope): Promise<FeedbackRow[]> {
  const source = sql`
    select f.score_type, f.score, ${dayOf(sql`f.created_at`)} as day, f.service_id::text as service_id, c.queue_id,
      f.expert_id::text as expert_id
    from ${chatFeedback} f left join ${chatChannels} c on c.id = f.channel_id
    where f.organisation_id = ${scope.organisationId} and ${within(sql`f.created_at`, scope)}
      ${filter(sql`f.service_id`, scope.serviceId)}${filter(sql`c.queue_id`, scope.queueId)}${filter(sql`f.expert_id`, scope.expertId)}`;
  return grouped<FeedbackRow>(
    tx,
    source,
    sql`count(*)::int as count,
      coalesce(sum(score), 0)::int as sum,
      (count(*) filter (where score >= 9))::int as promoters,
      (count(*) filter (where score <= 6))::int as detractors`,
    'score_type',
  ).then((rows) => rows.map(({ score_type, ...row }: FeedbackRow & { score_type?: ScoreType }) => ({ ...row, scoreType: score_type! })));
}

/** Surveys sent in the period and how many of them were answered; service and queue are the appointment's. */
export function surveyFigures(tx: Tx, scope: StatsScope): Promise<SurveyRow[]> {
  const source = sql`
    select ${dayOf(sql`r.created_at`)} as day, a.service_id::text as service_id, a.queue_id, r.expert_id::text as expert_id,
      r.responded_at is not null as answered
    from ${surveyResponses} r left join ${appointments} a on a.id = r.appointment_id
    where r.organisation_id = ${scope.organisationId} and ${within(sql`r.created_at`, scope)}
      ${filter(sql`a.service_id`, scope.serviceId)}${filter(sql`a.queue_id`, scope.queueId)}${filter(sql`r.expert_id`, scope.expertId)}`;
  return grouped<SurveyRow>(tx, source, sql`count(*)::int as sent, (count(*) filter (where answered))::int as answered`);
}

/** The period's feedback comments, newest first, with the day and score only; and how many there are in all. */
export async function feedbackComments(tx: Tx, scope: StatsScope, limit: number) {
  const result = await tx.execute(sql`
    select ${dayOf(sql`f.created_at`)} as date, f.score_type as "scoreType", f.score, f.comment as text, count(*) over ()::int as total
    from ${chatFeedback} f left join ${chatChannels} c on c.id = f.channel_id
    where f.organisation_id = ${scope.organisationId} and ${within(sql`f.created_at`, scope)}
      and f.comment is not null and btrim(f.comment) <> ''
      ${filter(sql`f.service_id`, scope.serviceId)}${filter(sql`c.queue_id`, scope.queueId)}${filter(sql`f.expert_id`, scope.expertId)}
    order by f.created_at desc, f.id
    limit ${limit}`);
  return rowsOf<{ date: string; scoreType: ScoreType; score: number; text: string; total: number }>(result);
}

/** The organisation's services in their list order, its queues and its experts: the filters' choices and the rows' names. */
export async function organisationChoices(tx: Tx, organisationId: string) {
  const [serviceRows, queueRows, expertRows] = await Promise.all([
    tx
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(eq(services.organisationId, organisationId))
      .orderBy(asc(services.position), asc(services.id)),
    tx
      .select({ id: chatQueues.id, name: chatQueues.name })
      .from(chatQueues)
      .where(eq(chatQueues.organisationId, organisationId))
      .orderBy(asc(chatQueues.name)),
    tx
      .select({ id: experts.id, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
      .from(experts)
      .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
      .where(and(eq(experts.organisationId, organisationId))),
  ]);
  return { serviceRows, queueRows, expertRows };
}
