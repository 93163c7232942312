import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, bookingHolds, experts, staffUsers } from '../../db/schema';

const param = {
  organisationId: sql.placeholder('organisationId'),
  specialization: sql.placeholder('specialization'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  now: sql.placeholder('now'),
  patientId: sql.placeholder('patientId'),
  preQuestionnaire: sql.placeholder('preQuestionnaire'),
};

/**
 * The statement of `searchOpenSlotsJson`, built once per database and prepared: drizzle skips building it again, and
 * on a PostgreSQL server it is a named statement each pooled connection parses and plans once (bench:booking).
 *
 * One slot per start and length: a patient books a time with a specialist, and a hundred experts free at 10:00 make
 * one choice, not a hundred rows. Which expert's slot stands for a time is fixed per patient by a hash, so patients
 * looking at the same time are spread over the experts free then instead of all reaching for one slot; the hash is
 * taken once per expert, not once per slot. Slots another patient holds right now are left out. PostgreSQL writes the
 * JSON: reading rows into objects, checking and serialising them again cost the app more than the query.
 */
function prepare(db: Db) {
  const found = db.$with('found', { slots: sql<string>`slots`.as('slots') }).as(sql`
    select coalesce(json_agg(json_build_object(
        'uuid', s.id,
        'name', ${staffUsers.firstName} || ' ' || ${staffUsers.lastName},
        'startTime', (extract(epoch from s.starts_at) * 1000)::bigint,
        'duration', (extract(epoch from s.ends_at - s.starts_at) / 60)::int,
        'preQuestionnaire', ${param.preQuestionnaire}::boolean,
        -- An open time is held by chat (oneOnOne) or video (basic): meetingKindOf in SQL.
        'kind', case s.type when 'basic' then 'video' when 'group' then 'group' when 'group-video' then 'groupVideo' else 'chat' end
      ) order by s.starts_at, s.ends_at), '[]')::text as slots
    from (
      select distinct on (${appointments.startsAt}, ${appointments.endsAt})
        ${appointments.id} as id, ${appointments.startsAt} as starts_at, ${appointments.endsAt} as ends_at, e.user_id,
        ${appointments.type} as type
      from ${appointments}
      join (
        select ${experts.id} as id, ${experts.userId} as user_id, hashtext(${experts.id}::text || ${param.patientId}::text) as pick
        from ${experts}
        where ${experts.specializations} ? ${param.specialization}::text
      ) e on e.id = ${appointments.expertId}
      where ${appointments.organisationId} = ${param.organisationId}::uuid
        and ${appointments.status} = 'open'
        and ${appointments.startsAt} >= ${param.from}::timestamptz
        and ${appointments.startsAt} < ${param.to}::timestamptz
        -- NOT IN over the few live holds is one hashed lookup per slot (NOT EXISTS planned a scan per slot).
        and ${appointments.id} not in (select ${bookingHolds.appointmentId} from ${bookingHolds}
          where ${bookingHolds.expiresAt} > ${param.now}::timestamptz and ${bookingHolds.patientId} <> ${param.patientId}::uuid)
      order by ${appointments.startsAt}, ${appointments.endsAt}, e.pick
    ) s
    join ${staffUsers} on ${staffUsers.id} = s.user_id`);
  return db.with(found).select().from(found).prepare('booking_search_open');
}

type Prepared = ReturnType<typeof prepare>;
const prepared = new WeakMap<Db, Prepared>();

/**
 * The free times of experts with `specialization` in `[from, to)`, by start, as the JSON text of spec §3 'Open
 * appointment' items (the expert's name is the slot's name): one per start and length, chosen for the patient
 * (`prepare` above), without the slots another patient holds right now.
 */
export async function searchOpenSlotsJson(
  db: Db,
  q: { organisationId: string; specialization: string; from: Date; to: Date; now: Date; patientId: string; preQuestionnaire: boolean },
): Promise<string> {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepare(db)));
  const [row] = await statement.execute({
    organisationId: q.organisationId,
    specialization: q.specialization,
    from: q.from.toISOString(),
    to: q.to.toISOString(),
    now: q.now.toISOString(),
    patientId: q.patientId,
    preQuestionnaire: q.preQuestionnaire,
  });
  return row!.slots;
}
