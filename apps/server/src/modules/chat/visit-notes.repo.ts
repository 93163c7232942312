import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, organisationFiles, organisations, staffUsers, visitNotes } from '../../db/schema';

type NoteKey = { channelId: string; expertId: string };

/** The expert's own note of a visit, if they wrote one. */
export async function findNote(tx: Tx, key: NoteKey) {
  const [row] = await tx
    .select({ text: visitNotes.text, updatedAt: visitNotes.updatedAt })
    .from(visitNotes)
    .where(and(eq(visitNotes.channelId, key.channelId), eq(visitNotes.expertId, key.expertId)))
    .limit(1);
  return row;
}

/** Writes the expert's note of a visit, a new one or over their earlier one; answers when it was saved. */
export async function upsertNote(tx: Tx, key: NoteKey & { organisationId: string; text: string }, now: Date): Promise<Date> {
  const [row] = await tx
    .insert(visitNotes)
    .values({ ...key, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [visitNotes.channelId, visitNotes.expertId], set: { text: key.text, updatedAt: now } })
    .returning({ updatedAt: visitNotes.updatedAt });
  return row!.updatedAt;
}

/** Deletes the expert's note of a visit; answers whether there was one. */
export async function deleteNote(tx: Tx, key: NoteKey): Promise<boolean> {
  const rows = await tx
    .delete(visitNotes)
    .where(and(eq(visitNotes.channelId, key.channelId), eq(visitNotes.expertId, key.expertId)))
    .returning({ channelId: visitNotes.channelId });
  return rows.length > 0;
}

/** The organisation's names (a summary prints the one of its language) and which logos it has. */
export async function organisationOf(tx: Tx, organisationId: string) {
  const [row] = await tx
    .select({ name: organisations.name, nameSe: organisations.nameSe, nameEn: organisations.nameEn })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  const logos = await tx
    .select({ kind: organisationFiles.kind })
    .from(organisationFiles)
    .where(eq(organisationFiles.organisationId, organisationId));
  return row ? { ...row, logos: new Set(logos.map((l) => l.kind)) } : undefined;
}

/** What a summary says of the visit's appointment: its name, whether it was a video visit, the answers given before it. */
export async function appointmentForSummary(tx: Tx, appointmentId: string) {
  const [row] = await tx
    .select({ name: appointments.name, type: appointments.type, preQuestionnaire: appointments.preQuestionnaire })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row;
}

/** The member of staff's language: the one they last chose in the staff apps, else their account's. */
export async function staffLanguageOf(tx: Tx, userId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ uiLanguage: staffUsers.uiLanguage, language: staffUsers.language })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId))
    .limit(1);
  return row ? (row.uiLanguage ?? row.language) : undefined;
}
