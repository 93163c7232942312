import { and, asc, desc, eq, gt, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, type Db, type Tx } from '../../db/client';
import {
  appointmentParticipants,
  appointments,
  bookingHolds,
  bookingSettings,
  expertBreaks,
  experts,
  patients,
  services,
  staffUsers,
} from '../../db/schema';

export type AppointmentRecord = typeof appointments.$inferSelect;
export type AppointmentValues = typeof appointments.$inferInsert;
export type ParticipantRecord = typeof appointmentParticipants.$inferSelect;
export type ParticipantValues = typeof appointmentParticipants.$inferInsert;
export type BreakRecord = typeof expertBreaks.$inferSelect;

// ------------------------------------------------------------------------------------------------ open slots

const openSlotParam = {
  organisationId: sql.placeholder('organisationId'),
  specialization: sql.placeholder('specialization'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  now: sql.placeholder('now'),
  patientId: sql.placeholder('patientId'),
  preQuestionnaire: sql.placeholder('preQuestionnaire'),
};

/**
 * The statement of `searchOpenSlotsJson`, prepared once per database (`preparedPerDatabase`): planning it took as long
 * as running it. Its plan, generic after five runs, must not depend on the parameters (bench/README.md 'bench:booking'):
 * - the day's open slots come from the partial index `appointments_open_slots_idx` alone, in a subquery the planner
 *   keeps apart (`offset 0`), else a generic plan starts from the experts with the specialization, in every
 *   organisation, with a heap scan each;
 * - each time's slot is picked by a grouped aggregate (the 100 slots of a time sorted among themselves, not the day's
 *   1,600 at once), then read again by its key (`lateral … offset 0`: a custom plan expected hundreds of times and
 *   read the whole table instead);
 * - the patient's hash is mixed with the expert id's own (`uuid_hash`), not computed over both as text per slot.
 */
function buildOpenSlotSearch(db: Db) {
  const p = openSlotParam;
  const found = db.$with('found', { slots: sql<string>`slots`.as('slots') }).as(sql`
    select coalesce(json_agg(json_build_object(
        'uuid', w.id,
        'name', u.first_name || ' ' || u.last_name,
        'startTime', (extract(epoch from w.starts_at) * 1000)::bigint,
        'duration', (extract(epoch from w.ends_at - w.starts_at) / 60)::int,
        'preQuestionnaire', ${p.preQuestionnaire}::boolean,
        -- An open time is held by chat (oneOnOne) or video (basic): meetingKindOf in SQL.
        'kind', case w.type when 'basic' then 'video' when 'group' then 'group' when 'group-video' then 'groupVideo' else 'chat' end
      ) order by w.starts_at, w.ends_at), '[]')::text as slots
    from (
      select (array_agg(a.id order by uuid_hash(a.expert_id) # (select hashtext(${p.patientId}::text))))[1] as id
      from (
        select a.id, a.starts_at, a.ends_at, a.expert_id from appointments a
        where a.organisation_id = ${p.organisationId}::uuid and a.status = 'open'
          and a.starts_at >= ${p.from}::timestamptz and a.starts_at < ${p.to}::timestamptz
        offset 0
      ) a
      join experts e on e.id = a.expert_id
      where e.specializations ? ${p.specialization}::text
        -- NOT IN over the few live holds is one hashed lookup per slot (NOT EXISTS planned a scan per slot).
        and a.id not in (select h.appointment_id from booking_holds h
          where h.expires_at > ${p.now}::timestamptz and h.patient_id <> ${p.patientId}::uuid)
      group by a.starts_at, a.ends_at
    ) picked
    cross join lateral (
      select w.id, w.starts_at, w.ends_at, w.type, w.expert_id from appointments w where w.id = picked.id offset 0
    ) w
    join experts e on e.id = w.expert_id
    join staff_users u on u.id = e.user_id`);
  return db.with(found).select().from(found).prepare('booking_open_slot_search');
}

const openSlotSearch = preparedPerDatabase(buildOpenSlotSearch);

/**
 * The free times of experts with `specialization` in `[from, to)`, by start, as the JSON text of spec §3 'Open
 * appointment' items (the expert's name is the slot's name). One slot per start and length: a patient books a time
 * with a specialist, and a hundred experts free at 10:00 make one choice, not a hundred rows. Which expert's slot
 * stands for a time is fixed per patient by a hash, so patients looking at the same time are spread over the experts
 * free then instead of all reaching for one slot. Slots another patient holds right now are left out.
 * PostgreSQL writes the JSON: reading rows into objects, checking and serialising them again cost the app more than
 * the query (bench/booking.bench.ts).
 */
export async function searchOpenSlotsJson(
  db: Db,
  q: { organisationId: string; specialization: string; from: Date; to: Date; now: Date; patientId: string; preQuestionnaire: boolean },
): Promise<string> {
  const [row] = await openSlotSearch(db).execute({
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

/**
 * When the first free time of experts with `specialization` at or after `from` starts: the same slots as
 * `searchOpenSlotsJson` counts (open, not held by another patient right now), with no end; null when none is open.
 */
export async function firstOpenStart(
  tx: Tx,
  q: { organisationId: string; specialization: string; from: Date; now: Date; patientId: string },
): Promise<Date | null> {
  const [row] = await tx
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .innerJoin(experts, eq(experts.id, appointments.expertId))
    .where(
      and(
        eq(appointments.organisationId, q.organisationId),
        eq(appointments.status, 'open'),
        gte(appointments.startsAt, q.from),
        sql`${experts.specializations} ? ${q.specialization}`,
        sql`${appointments.id} not in (select ${bookingHolds.appointmentId} from ${bookingHolds}
          where ${bookingHolds.expiresAt} > ${q.now.toISOString()}::timestamptz and ${bookingHolds.patientId} <> ${q.patientId})`,
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return row?.startsAt ?? null;
}

/** The appointment, locked for the rest of the transaction: lock, book and cancel of one slot take turns. */
export async function lockAppointment(tx: Tx, organisationId: string, id: string): Promise<AppointmentRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.organisationId, organisationId)))
    .for('update')
    .limit(1);
  return row;
}

/** The appointment by id alone, locked: for a change another module reports (its chat ended). */
export async function lockAppointmentById(tx: Tx, id: string): Promise<AppointmentRecord | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update').limit(1);
  return row;
}

export async function findAppointment(tx: Tx, organisationId: string, id: string): Promise<AppointmentRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.organisationId, organisationId)))
    .limit(1);
  return row;
}

// ------------------------------------------------------------------------------------------------------ holds

export async function findHold(tx: Tx, appointmentId: string) {
  const [row] = await tx.select().from(bookingHolds).where(eq(bookingHolds.appointmentId, appointmentId)).limit(1);
  return row;
}

export async function deleteHold(tx: Tx, appointmentId: string, patientId?: string): Promise<void> {
  await tx
    .delete(bookingHolds)
    .where(and(eq(bookingHolds.appointmentId, appointmentId), patientId ? eq(bookingHolds.patientId, patientId) : undefined));
}

/** Removes holds that have run out; answers how many. */
export async function deleteExpiredHolds(tx: Tx, now: Date): Promise<number> {
  const rows = await tx.delete(bookingHolds).where(lt(bookingHolds.expiresAt, now)).returning({ id: bookingHolds.appointmentId });
  return rows.length;
}

// ------------------------------------------------------------------------------------------------ writes

export async function insertAppointment(tx: Tx, values: AppointmentValues): Promise<AppointmentRecord> {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row!;
}

/** Inserts open slots, skipping any that would overlap a live appointment (the exclusion constraint decides). */
export async function insertOpenSlots(tx: Tx, values: AppointmentValues[]): Promise<number> {
  let created = 0;
  // Batches keep each statement's parameter count well under PostgreSQL's limit of 65535.
  for (let i = 0; i < values.length; i += 500) {
    const rows = await tx
      .insert(appointments)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: appointments.id });
    created += rows.length;
  }
  return created;
}

export async function updateAppointment(tx: Tx, id: string, values: Partial<AppointmentValues>): Promise<AppointmentRecord> {
  const [row] = await tx.update(appointments).set(values).where(eq(appointments.id, id)).returning();
  return row!;
}

export async function deleteAppointment(tx: Tx, id: string): Promise<void> {
  await tx.delete(appointments).where(eq(appointments.id, id));
}

export async function insertParticipants(tx: Tx, values: ParticipantValues[]): Promise<void> {
  if (values.length > 0) await tx.insert(appointmentParticipants).values(values);
}

export async function deleteParticipants(tx: Tx, appointmentId: string): Promise<void> {
  await tx.delete(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, appointmentId));
}

export function participantsOf(tx: Tx, appointmentId: string) {
  return tx
    .select({ participant: appointmentParticipants, ssnEncrypted: patients.ssnEncrypted })
    .from(appointmentParticipants)
    .leftJoin(patients, eq(patients.id, appointmentParticipants.patientId))
    .where(eq(appointmentParticipants.appointmentId, appointmentId))
    .orderBy(asc(appointmentParticipants.createdAt), asc(appointmentParticipants.id));
}

/** The reserved appointments an expert runs, organises or takes part in. */
export function reservedAppointmentsNaming(tx: Tx, expertId: string): Promise<{ id: string; organisationId: string }[]> {
  const participant = tx
    .select({ id: appointmentParticipants.appointmentId })
    .from(appointmentParticipants)
    .where(eq(appointmentParticipants.expertId, expertId));
  return tx
    .select({ id: appointments.id, organisationId: appointments.organisationId })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, ['booked', 'selfBooked']),
        or(eq(appointments.expertId, expertId), eq(appointments.hostExpertId, expertId), inArray(appointments.id, participant)),
      ),
    )
    .orderBy(asc(appointments.startsAt));
}

/** Whether the patient takes part in the appointment as its patient. */
export async function isPatientOf(tx: Tx, appointmentId: string, patientId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: appointmentParticipants.id })
    .from(appointmentParticipants)
    .where(and(eq(appointmentParticipants.appointmentId, appointmentId), eq(appointmentParticipants.patientId, patientId)))
    .limit(1);
  return row !== undefined;
}

// ------------------------------------------------------------------------------------------------ lists

export type RowFilter = {
  id?: string;
  /** Any of these rows (a bulk action's explicit selection). */
  ids?: string[];
  organisationId?: string;
  /** Appointments these expert rows run, organise or take part in. */
  expertIds?: string[];
  expertId?: string;
  serviceId?: string;
  status?: AppointmentRecord['status'];
  statuses?: AppointmentRecord['status'][];
  /** Leave open timeslots out (the booking lists unless they are asked for). */
  withoutOpen?: boolean;
  /** Starts at or after. */
  from?: Date;
  /** Starts before. */
  to?: Date;
  /** Ended before (history). */
  endedBefore?: Date;
  /** Not ended at (upcoming). */
  endsAfter?: Date;
  /** Name fragment of a participant, or the patient ids an identity code names. */
  patientName?: string;
  patientIds?: string[];
};

function whereOf(f: RowFilter): SQL | undefined {
  const mine = f.expertIds
    ? or(
        inArray(appointments.expertId, f.expertIds),
        inArray(appointments.hostExpertId, f.expertIds),
        sql`exists (select 1 from ${appointmentParticipants} p where p.appointment_id = ${appointments.id}
              and p.expert_id in ${f.expertIds.length > 0 ? f.expertIds : ['00000000-0000-0000-0000-000000000000']})`,
      )
    : undefined;
  const patient =
    f.patientIds !== undefined
      ? sql`exists (select 1 from ${appointmentParticipants} p where p.appointment_id = ${appointments.id}
              and p.patient_id in ${f.patientIds.length > 0 ? f.patientIds : ['00000000-0000-0000-0000-000000000000']})`
      : f.patientName
        ? sql`exists (select 1 from ${appointmentParticipants} p where p.appointment_id = ${appointments.id}
              and p.role <> 'expert' and p.name ilike ${'%' + f.patientName.replace(/[\\%_]/g, (c) => '\\' + c) + '%'})`
        : undefined;
  return and(
    f.id ? eq(appointments.id, f.id) : undefined,
    f.ids ? inArray(appointments.id, f.ids.length > 0 ? f.ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
    f.organisationId ? eq(appointments.organisationId, f.organisationId) : undefined,
    mine,
    f.expertId ? eq(appointments.expertId, f.expertId) : undefined,
    f.serviceId ? eq(appointments.serviceId, f.serviceId) : undefined,
    f.status ? eq(appointments.status, f.status) : undefined,
    f.statuses ? inArray(appointments.status, f.statuses) : undefined,
    f.withoutOpen ? ne(appointments.status, 'open') : undefined,
    f.from ? gte(appointments.startsAt, f.from) : undefined,
    f.to ? lt(appointments.startsAt, f.to) : undefined,
    f.endedBefore ? lt(appointments.endsAt, f.endedBefore) : undefined,
    f.endsAfter ? gt(appointments.endsAt, f.endsAfter) : undefined,
    patient,
  );
}

/** List rows with what a list shows: expert and service names, the one-to-one patient, head count, a live hold. */
export function listRows(tx: Tx, f: RowFilter, opts: { now: Date; newestFirst?: boolean; limit: number; offset: number }) {
  const now = opts.now.toISOString();
  return tx
    .select({
      appointment: appointments,
      expertFirstName: staffUsers.firstName,
      expertLastName: staffUsers.lastName,
      serviceName: services.name,
      patientName: sql<string | null>`(select p.name from ${appointmentParticipants} p where p.appointment_id = ${appointments.id}
        and p.role = 'patient' order by p.created_at, p.id limit 1)`,
      // The same first patient: whose data a list shows (the audit of the read).
      patientId: sql<string | null>`(select p.patient_id from ${appointmentParticipants} p where p.appointment_id = ${appointments.id}
        and p.role = 'patient' order by p.created_at, p.id limit 1)`,
      participantCount: sql<number>`(select count(*)::int from ${appointmentParticipants} p where p.appointment_id = ${appointments.id})`,
      heldUntil: sql<string | null>`(select h.expires_at from ${bookingHolds} h where h.appointment_id = ${appointments.id}
        and h.expires_at > ${now}::timestamptz)`,
    })
    .from(appointments)
    .leftJoin(experts, eq(experts.id, appointments.expertId))
    .leftJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(whereOf(f))
    .orderBy(opts.newestFirst ? desc(appointments.startsAt) : asc(appointments.startsAt), asc(appointments.id))
    .limit(opts.limit)
    .offset(opts.offset);
}
export type ListedRow = Awaited<ReturnType<typeof listRows>>[number];

export async function countRows(tx: Tx, f: RowFilter): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(whereOf(f));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------- experts

export type ExpertRecord = {
  id: string;
  userId: string;
  organisationId: string;
  firstName: string;
  lastName: string;
  email: string;
  language: 'fi' | 'sv' | 'en';
  specializations: string[];
  chatQueueId: string;
};

/**
 * An expert's name as the booking screens and e-mails show it, and as an untitled booking or an open time is named
 * (a move compares a booking's name with it: booking-move.service.ts nameAfterMove).
 */
export const expertDisplayName = (e: Pick<ExpertRecord, 'firstName' | 'lastName'>): string => `${e.firstName} ${e.lastName}`;

const expertColumns = {
  id: experts.id,
  userId: experts.userId,
  organisationId: experts.organisationId,
  firstName: staffUsers.firstName,
  lastName: staffUsers.lastName,
  email: staffUsers.email,
  language: experts.communicationLanguage,
  specializations: experts.specializations,
  chatQueueId: experts.chatQueueId,
};

export function organisationExperts(tx: Tx, organisationId: string): Promise<ExpertRecord[]> {
  return tx
    .select(expertColumns)
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(eq(experts.organisationId, organisationId))
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName), asc(experts.id));
}

/** The expert rows (one per organisation) of a staff user. */
export function expertRowsOfUser(tx: Tx, userId: string): Promise<ExpertRecord[]> {
  return tx
    .select(expertColumns)
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(eq(experts.userId, userId))
    .orderBy(asc(experts.createdAt), asc(experts.id));
}

/** The organisation's services in their order, for the booking screens. */
export function organisationServices(tx: Tx, organisationId: string) {
  return tx
    .select({ id: services.id, name: services.name, openTimeKind: services.openTimeKind })
    .from(services)
    .where(eq(services.organisationId, organisationId))
    .orderBy(asc(services.position), asc(services.createdAt), asc(services.id));
}

export async function findService(tx: Tx, organisationId: string, id: string) {
  const [row] = await tx
    .select({ id: services.id, chatQueueId: services.chatQueueId, openTimeKind: services.openTimeKind })
    .from(services)
    .where(and(eq(services.id, id), eq(services.organisationId, organisationId)))
    .limit(1);
  return row;
}

// ------------------------------------------------------------------------------------------------ breaks

export async function insertBreak(tx: Tx, values: typeof expertBreaks.$inferInsert): Promise<BreakRecord> {
  const [row] = await tx.insert(expertBreaks).values(values).returning();
  return row!;
}

export function breaksOf(tx: Tx, expertIds: string[], from: Date, to: Date): Promise<BreakRecord[]> {
  if (expertIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(expertBreaks)
    .where(and(inArray(expertBreaks.expertId, expertIds), lt(expertBreaks.startsAt, to), gt(expertBreaks.endsAt, from)))
    .orderBy(asc(expertBreaks.startsAt));
}

/** Deletes one of these experts' breaks; answers it, or undefined if there was none. */
export async function deleteBreak(tx: Tx, expertIds: string[], id: string): Promise<BreakRecord | undefined> {
  if (expertIds.length === 0) return undefined;
  const [row] = await tx
    .delete(expertBreaks)
    .where(and(eq(expertBreaks.id, id), inArray(expertBreaks.expertId, expertIds)))
    .returning();
  return row;
}

/** Live appointments of an expert that overlap `[from, to)`, by start. */
export function overlapping(tx: Tx, expertId: string, from: Date, to: Date) {
  return tx
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      serviceId: appointments.serviceId,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.expertId, expertId),
        ne(appointments.status, 'cancelled'),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    )
    .orderBy(asc(appointments.startsAt));
}

/** Whether a break of the expert overlaps `[from, to)`. */
export async function breakOverlaps(tx: Tx, expertId: string, from: Date, to: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: expertBreaks.id })
    .from(expertBreaks)
    .where(and(eq(expertBreaks.expertId, expertId), lt(expertBreaks.startsAt, to), gt(expertBreaks.endsAt, from)))
    .limit(1);
  return row !== undefined;
}

/** Live appointments of these experts overlapping `[from, to)`, for the generation preview's conflicts. */
export function liveBetween(tx: Tx, expertIds: string[], from: Date, to: Date) {
  if (expertIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ expertId: appointments.expertId, startsAt: appointments.startsAt, endsAt: appointments.endsAt, status: appointments.status })
    .from(appointments)
    .where(
      and(
        inArray(appointments.expertId, expertIds),
        ne(appointments.status, 'cancelled'),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
}

// ---------------------------------------------------------------------------------------------- settings

export async function findSettings(tx: Tx, organisationId: string) {
  const [row] = await tx.select().from(bookingSettings).where(eq(bookingSettings.organisationId, organisationId)).limit(1);
  return row;
}

export async function saveSettings(tx: Tx, values: typeof bookingSettings.$inferInsert): Promise<void> {
  await tx
    .insert(bookingSettings)
    .values(values)
    .onConflictDoUpdate({
      target: bookingSettings.organisationId,
      set: { infoText: values.infoText, reminderEmail: values.reminderEmail, reminderSms: values.reminderSms, updatedAt: values.updatedAt },
    });
}

/** Adds a participant to the appointment; answers its id. */
export async function insertParticipant(tx: Tx, values: ParticipantValues): Promise<string> {
  const [row] = await tx.insert(appointmentParticipants).values(values).returning({ id: appointmentParticipants.id });
  return row!.id;
}

/** Writes a guest's PIN counters after a try. */
export async function setPinCounters(
  tx: Tx,
  participantId: string,
  counters: { failures: number; lockedUntil: Date | null },
): Promise<void> {
  await tx
    .update(appointmentParticipants)
    .set({ pinFailures: counters.failures, pinLockedUntil: counters.lockedUntil })
    .where(eq(appointmentParticipants.id, participantId));
}
