import { sql } from 'drizzle-orm';
import { preparedPerDatabase, type Db } from '../../db/client';
import type { AppointmentRecord } from './booking.repo';

/** SQLSTATE of the failure `takeSlotHold` raises on purpose when it must not keep its release (below). */
export const HOLD_REFUSED_AFTER_RELEASE = '22012';

const param = {
  id: sql.placeholder('id'),
  organisationId: sql.placeholder('organisationId'),
  patientId: sql.placeholder('patientId'),
  now: sql.placeholder('now'),
  expiresAt: sql.placeholder('expiresAt'),
};

/**
 * The statement of `takeSlotHold`, prepared once per database (`preparedPerDatabase`).
 *
 * The slot's row lock comes first, so lock, book and cancel of one slot still take turns (a lock waiting behind a
 * booking sees the booked row once it gets the lock). A slot someone else holds right now is refused without the row
 * lock: a row lock is a write, whose commit waits for the WAL to reach the disk, and in a rush most locks are such
 * refusals (bench:booking's storm: 450 of 500). A hold not yet committed is not seen there; the take below still
 * refuses that one, as before. The release of the patient's other hold is read by the take,
 * so it runs before it: the one-hold-per-patient index would refuse the new hold otherwise. The take is the atomic
 * upsert on the slot's primary key (free, run out, or the patient's own), where concurrent lockers meet.
 *
 * A take refused after a release must not let go of the other hold (a refused lock changes nothing): plain SQL
 * cannot raise, so the statement then divides by zero and fails whole, which rolls the release back.
 */
function build(db: Db) {
  const found = db.$with('found', {}).as(sql`
    select a.status, a.starts_at from appointments a
    where a.id = ${param.id}::uuid and a.organisation_id = ${param.organisationId}::uuid`);
  const slot = db.$with('slot', {}).as(sql`
    select a.status, a.starts_at from appointments a
    where a.id = ${param.id}::uuid and a.organisation_id = ${param.organisationId}::uuid
      and not exists (select 1 from booking_holds h where h.appointment_id = a.id
        and h.expires_at > ${param.now}::timestamptz and h.patient_id <> ${param.patientId}::uuid)
    for update`);
  const lockable = db.$with('lockable', {}).as(sql`
    select 1 as one from slot where slot.status = 'open' and slot.starts_at > ${param.now}::timestamptz`);
  const released = db.$with('released', {}).as(sql`
    delete from booking_holds h
    where h.patient_id = ${param.patientId}::uuid and h.appointment_id <> ${param.id}::uuid
      and exists (select 1 from lockable)
    returning h.appointment_id`);
  const taken = db.$with('taken', {}).as(sql`
    insert into booking_holds (appointment_id, patient_id, expires_at, created_at)
    select ${param.id}::uuid, ${param.patientId}::uuid, ${param.expiresAt}::timestamptz, ${param.now}::timestamptz
    from lockable where (select count(*) from released) >= 0
    on conflict (appointment_id) do update
      set patient_id = excluded.patient_id, expires_at = excluded.expires_at, created_at = excluded.created_at
      where booking_holds.expires_at <= excluded.created_at or booking_holds.patient_id = excluded.patient_id
    returning 1 as one`);
  const outcome = db.$with('outcome', {
    status: sql<AppointmentRecord['status']>`status`.as('status'),
    future: sql<boolean>`future`.as('future'),
    taken: sql<boolean>`taken`.as('taken'),
    // Selected so that the check below is evaluated: a column nobody reads would be planned away.
    refusedAfterRelease: sql<number | null>`refused_after_release`.as('refused_after_release'),
  }).as(sql`
    select coalesce(slot.status, found.status) as status,
      coalesce(slot.starts_at, found.starts_at) > ${param.now}::timestamptz as future, exists (select 1 from taken) as taken,
      case when (select count(*) from released) > 0 then 1 / (select count(*) from taken)::int end as refused_after_release
    from found left join slot on true`);
  return db.with(found, slot, lockable, released, taken, outcome).select().from(outcome).prepare('booking_take_slot_hold');
}

const prepared = preparedPerDatabase(build);

/**
 * Takes or renews the patient's hold on the slot in one statement and lets go of any other slot they held, when the
 * slot is in the organisation, open and in the future, and nobody else holds it right now. Answers the slot's
 * status, whether it starts after `now` (undefined when it is not in the organisation) and whether the hold was taken. Fails with
 * `HOLD_REFUSED_AFTER_RELEASE` when someone else holds the slot and the patient held another (nothing changed),
 * and with a unique violation when the same patient takes two slots at the same moment (one of them wins).
 */
export async function takeSlotHold(
  db: Db,
  input: { id: string; organisationId: string; patientId: string; now: Date; expiresAt: Date },
): Promise<{ status: AppointmentRecord['status']; future: boolean; taken: boolean } | undefined> {
  const [row] = await prepared(db).execute({
    id: input.id,
    organisationId: input.organisationId,
    patientId: input.patientId,
    now: input.now.toISOString(),
    expiresAt: input.expiresAt.toISOString(),
  });
  return row ? { status: row.status, future: row.future, taken: row.taken } : undefined;
}
