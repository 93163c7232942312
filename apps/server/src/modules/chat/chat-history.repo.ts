import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentParticipants, appointments, chatChannels, chatMembers, chatMessages, files, patients, services } from '../../db/schema';
import { containsPattern } from '../../platform/like-pattern';

// The reads of chat history (chat-history.service.ts): finished chats only, that is ended after an expert took them.

/** The names of the experts who served each of the channels (a channel may have had several). */
export function agentsOfChannels(tx: Tx, channelIds: string[]) {
  return tx
    .select({ channelId: chatMembers.channelId, name: chatMembers.name })
    .from(chatMembers)
    .where(and(inArray(chatMembers.channelId, channelIds), eq(chatMembers.role, 'agent')));
}

/** The names of the files sent in each of the channels, in the order they were sent. */
export function fileNamesOfChannels(tx: Tx, channelIds: string[]) {
  return tx
    .select({ channelId: chatMessages.channelId, filename: files.filename })
    .from(chatMessages)
    .innerJoin(files, eq(files.id, chatMessages.fileId))
    .where(inArray(chatMessages.channelId, channelIds))
    .orderBy(chatMessages.seq);
}

/** The patient's finished chats started since `since`, newest first. */
export function finishedChatsOfPatient(tx: Tx, patientId: string, since: Date) {
  return tx
    .select({ id: chatChannels.id, createdAt: chatChannels.createdAt })
    .from(chatMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMembers.channelId))
    .where(
      and(
        eq(chatMembers.userId, patientId),
        eq(chatChannels.status, 'ended'),
        isNotNull(chatChannels.acceptedAt),
        gte(chatChannels.createdAt, since),
      ),
    )
    .orderBy(desc(chatChannels.createdAt));
}

/** The patient's finished chats with the organisations, newest first, with their service's name: at most 200. */
export function finishedChatsWith(tx: Tx, patientId: string, organisationIds: string[]) {
  return tx
    .select({ channel: chatChannels, serviceName: services.name })
    .from(chatMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMembers.channelId))
    .leftJoin(services, eq(services.id, chatChannels.serviceId))
    .where(
      and(
        eq(chatMembers.userId, patientId),
        inArray(chatChannels.organisationId, organisationIds),
        eq(chatChannels.status, 'ended'),
        isNotNull(chatChannels.acceptedAt),
      ),
    )
    .orderBy(desc(chatChannels.createdAt))
    .limit(200);
}

/** Which of the channels the expert (an `experts` row) is or was a member of. */
export async function channelsWithMember(tx: Tx, expertId: string, channelIds: string[]): Promise<Set<string>> {
  if (channelIds.length === 0) return new Set();
  const rows = await tx
    .select({ channelId: chatMembers.channelId })
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, expertId), inArray(chatMembers.channelId, channelIds)));
  return new Set(rows.map((r) => r.channelId));
}

/**
 * When the expert last cared for the patient in the organisation, or null: the newest chat both were members of
 * (taken, joined or transferred in), or the latest start of an appointment of the expert's with the patient that
 * was booked and not cancelled (as its expert, its host or an invited expert), however far ahead.
 */
export async function latestCareOf(tx: Tx, expertId: string, patientId: string, organisationId: string): Promise<Date | null> {
  const expertMember = sql`exists (select 1 from ${chatMembers} e where e.channel_id = ${chatChannels.id} and e.user_id = ${expertId})`;
  const [chat] = await tx
    .select({ at: sql<Date | null>`max(${chatChannels.createdAt})`.mapWith(chatChannels.createdAt) })
    .from(chatChannels)
    .innerJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, patientId)))
    .where(and(eq(chatChannels.organisationId, organisationId), expertMember));
  const expertInAppointment = sql`(${appointments.expertId} = ${expertId} or ${appointments.hostExpertId} = ${expertId} or exists (
    select 1 from ${appointmentParticipants} x where x.appointment_id = ${appointments.id} and x.expert_id = ${expertId}))`;
  const [appointment] = await tx
    .select({ at: sql<Date | null>`max(${appointments.startsAt})`.mapWith(appointments.startsAt) })
    .from(appointments)
    .innerJoin(
      appointmentParticipants,
      and(eq(appointmentParticipants.appointmentId, appointments.id), eq(appointmentParticipants.patientId, patientId)),
    )
    .where(
      and(eq(appointments.organisationId, organisationId), inArray(appointments.status, ['booked', 'selfBooked']), expertInAppointment),
    );
  const times = [chat?.at, appointment?.at].filter((t): t is Date => t instanceof Date);
  return times.length === 0 ? null : new Date(Math.max(...times.map((t) => t.getTime())));
}

/** Which walk-in chats an expert's history lists: by patient (the ids an identity code names; not empty) or a fragment of the name. */
export type WalkInFilter = { patientIds?: string[]; patientName?: string };

function walkInWhere(expertIds: string[], f: WalkInFilter) {
  return and(
    sql`exists (select 1 from ${chatMembers} m where m.channel_id = ${chatChannels.id} and m.user_id in ${expertIds})`,
    eq(chatChannels.kind, 'queue'),
    isNull(chatChannels.appointmentId),
    eq(chatChannels.status, 'ended'),
    isNotNull(chatChannels.acceptedAt),
    f.patientIds ? inArray(chatChannels.patientId, f.patientIds) : undefined,
    f.patientName ? ilike(sql`${patients.givenName} || ' ' || ${patients.familyName}`, containsPattern(f.patientName)) : undefined,
  );
}

/** The finished walk-in chats (no appointment) the experts served, newest first, a page at a time, with their patient. */
export async function walkInChatsOf(tx: Tx, expertIds: string[], f: WalkInFilter, page: { limit: number; offset: number }) {
  if (expertIds.length === 0) return { rows: [], total: 0 };
  const where = walkInWhere(expertIds, f);
  const [rows, [total]] = await Promise.all([
    tx
      .select({ channel: chatChannels, serviceName: services.name, givenName: patients.givenName, familyName: patients.familyName })
      .from(chatChannels)
      .leftJoin(patients, eq(patients.id, chatChannels.patientId))
      .leftJoin(services, eq(services.id, chatChannels.serviceId))
      .where(where)
      .orderBy(desc(chatChannels.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(chatChannels).leftJoin(patients, eq(patients.id, chatChannels.patientId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
