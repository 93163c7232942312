import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import {
  adminMemberships,
  appointments,
  auditLog,
  chatChannels,
  conversations,
  experts,
  files,
  organisations,
  patientContacts,
  patients,
  staffUsers,
  surveyResponses,
} from '../../db/schema';

export async function organisationsWithRetention(tx: Tx) {
  return tx.select({ id: organisations.id, retention: organisations.retention }).from(organisations);
}

/** Only one instance may run the job at a time; released when the transaction ends. */
export async function tryJobLock(tx: Tx, key: number): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
  const rows = rowsOf<{ locked: boolean }>(result);
  return rows[0]?.locked === true;
}

export async function deleteAppointmentsBefore(tx: Tx, organisationId: string, cutoff: Date): Promise<number> {
  const gone = await tx
    .delete(appointments)
    .where(and(eq(appointments.organisationId, organisationId), lt(appointments.startsAt, cutoff)))
    .returning({ id: appointments.id });
  return gone.length;
}

export async function deleteSurveyResponsesBefore(tx: Tx, organisationId: string, cutoff: Date): Promise<number> {
  const gone = await tx
    .delete(surveyResponses)
    .where(and(eq(surveyResponses.organisationId, organisationId), lt(surveyResponses.createdAt, cutoff)))
    .returning({ id: surveyResponses.id });
  return gone.length;
}

/** Contact details of the organisation's patients who have not signed in since the cut-off. */
export async function deleteIdlePatientContacts(tx: Tx, organisationId: string, cutoff: Date): Promise<number> {
  const idle = tx
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(eq(patients.selectedOrganisationId, organisationId), lt(sql`coalesce(${patients.lastLoginAt}, ${patients.createdAt})`, cutoff)),
    );
  const gone = await tx
    .delete(patientContacts)
    .where(inArray(patientContacts.patientId, idle))
    .returning({ id: patientContacts.patientId });
  return gone.length;
}

/** The organisation's admins (global admins are nobody's to delete) or experts, with when they were last active. */
export async function staffOf(tx: Tx, organisationId: string, kind: 'admin' | 'expert') {
  const lastActive = sql<Date>`coalesce(${staffUsers.lastLoginAt}, ${staffUsers.createdAt})`.mapWith((v: string | Date) => new Date(v));
  if (kind === 'admin') {
    return tx
      .select({ userId: staffUsers.id, lastActive })
      .from(adminMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, adminMemberships.userId))
      .where(and(eq(adminMemberships.organisationId, organisationId), eq(staffUsers.isGlobalAdmin, false)));
  }
  return tx
    .select({ userId: staffUsers.id, lastActive })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(eq(experts.organisationId, organisationId));
}

export async function deleteStaffAuditBefore(tx: Tx, userIds: string[], cutoff: Date): Promise<number> {
  if (!userIds.length) return 0;
  const gone = await tx
    .delete(auditLog)
    .where(and(eq(auditLog.actorType, 'staff'), inArray(auditLog.actorId, userIds), lt(auditLog.at, cutoff)))
    .returning({ id: auditLog.id });
  return gone.length;
}

/** Removes the user's place in the organisation as admin or expert. */
export async function deletePlace(tx: Tx, organisationId: string, userId: string, kind: 'admin' | 'expert'): Promise<void> {
  if (kind === 'admin') {
    await tx.delete(adminMemberships).where(and(eq(adminMemberships.organisationId, organisationId), eq(adminMemberships.userId, userId)));
  } else {
    await tx.delete(experts).where(and(eq(experts.organisationId, organisationId), eq(experts.userId, userId)));
  }
}

/** Deletes the user when no place is left anywhere and they are no global admin. */
export async function deleteUserIfPlaceless(tx: Tx, userId: string): Promise<boolean> {
  const [m] = await tx.select({ n: count() }).from(adminMemberships).where(eq(adminMemberships.userId, userId));
  const [e] = await tx.select({ n: count() }).from(experts).where(eq(experts.userId, userId));
  if ((m?.n ?? 0) + (e?.n ?? 0) > 0) return false;
  const gone = await tx
    .delete(staffUsers)
    .where(and(eq(staffUsers.id, userId), eq(staffUsers.isGlobalAdmin, false)))
    .returning({ id: staffUsers.id });
  return gone.length > 0;
}

/**
 * Chats of the organisation begun before the cut-off and finished: their channels go (messages and members with them)
 * and their files' rows; answers how many went and the keys of the bytes to remove from the file store.
 */
export async function deleteChatsBefore(tx: Tx, organisationId: string, cutoff: Date): Promise<{ chats: number; fileKeys: string[] }> {
  const old = await tx
    .select({ id: chatChannels.id })
    .from(chatChannels)
    .where(and(eq(chatChannels.organisationId, organisationId), eq(chatChannels.status, 'ended'), lt(chatChannels.createdAt, cutoff)));
  if (old.length === 0) return { chats: 0, fileKeys: [] };
  const ids = old.map((c) => c.id);
  const gone = await tx
    .delete(files)
    .where(and(eq(files.ownerKind, 'chatChannel'), inArray(files.ownerId, ids)))
    .returning({ key: files.key });
  await tx.delete(chatChannels).where(inArray(chatChannels.id, ids));
  return { chats: ids.length, fileKeys: gone.map((f) => f.key) };
}

/**
 * Conversations of the organisation with no message since the cut-off: they go with their messages and read marks
 * (cascade) and their files' rows; answers how many went and the keys of the bytes to remove from the file store.
 */
export async function deleteConversationsBefore(
  tx: Tx,
  organisationId: string,
  cutoff: Date,
): Promise<{ conversations: number; fileKeys: string[] }> {
  const old = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.organisationId, organisationId), lt(conversations.lastMessageAt, cutoff)));
  if (old.length === 0) return { conversations: 0, fileKeys: [] };
  const ids = old.map((c) => c.id);
  const gone = await tx
    .delete(files)
    .where(and(eq(files.ownerKind, 'conversation'), inArray(files.ownerId, ids)))
    .returning({ key: files.key });
  await tx.delete(conversations).where(inArray(conversations.id, ids));
  return { conversations: ids.length, fileKeys: gone.map((f) => f.key) };
}
