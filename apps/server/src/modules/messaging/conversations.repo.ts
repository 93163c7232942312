import { and, desc, eq, exists, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { experts, organisations, patientContacts, patients, staffUsers } from '../../db/schema';
import { files } from '../../platform/files/files.tables';
import {
  conversationMessages,
  conversationReads,
  conversations,
  messageCategories,
  messageSubcategories,
  messageSubcategoryExperts,
} from './messaging.tables';

export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversation = typeof conversations.$inferInsert;
export type NewMessage = typeof conversationMessages.$inferInsert;

/** The most conversations one list answers, newest first (filters narrow it; docs/messaging.md). */
export const LIST_LIMIT = 200;

/** Reader keys of `conversation_reads`: the patient, and each expert separately (a request has several readers). */
export const readerOf = {
  patient: (patientId: string) => `patient:${patientId}`,
  expert: (expertId: string) => `expert:${expertId}`,
};

export async function insertConversation(tx: Tx, values: NewConversation): Promise<ConversationRow> {
  const [row] = await tx.insert(conversations).values(values).returning();
  return row!;
}

export async function findConversation(tx: Tx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row;
}

/** The conversation under a row lock, for changes that must not interleave (the first answer to a request). */
export async function lockConversation(tx: Tx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update').limit(1);
  return row;
}

export async function updateConversation(tx: Tx, id: string, set: Partial<NewConversation>): Promise<void> {
  await tx.update(conversations).set(set).where(eq(conversations.id, id));
}

/** Stores a send's rows and moves the conversation's last-message time; answers the rows in order. */
export async function insertMessages(tx: Tx, conversationId: string, rows: Omit<NewMessage, 'conversationId'>[]) {
  const inserted = await tx
    .insert(conversationMessages)
    .values(rows.map((r) => ({ ...r, conversationId })))
    .returning();
  await tx
    .update(conversations)
    .set({ lastMessageAt: sql`now()` })
    .where(eq(conversations.id, conversationId));
  return inserted.sort((a, b) => a.position - b.position);
}

/** Moves a reader's mark to now (the send's own transaction time, so the sender's new rows count as read). */
export async function markRead(tx: Tx, conversationId: string, reader: string): Promise<void> {
  await tx
    .insert(conversationReads)
    .values({ conversationId, reader, readAt: sql`now()` })
    .onConflictDoUpdate({ target: [conversationReads.conversationId, conversationReads.reader], set: { readAt: sql`now()` } });
}

/** Every read mark of a conversation (the patient's and each expert's). */
export function readsOf(tx: Tx, conversationId: string) {
  return tx.select().from(conversationReads).where(eq(conversationReads.conversationId, conversationId));
}

const authorName = sql<string | null>`coalesce(
  ${patients.givenName} || ' ' || ${patients.familyName},
  (select su.first_name || ' ' || su.last_name from ${experts} e join ${staffUsers} su on su.id = e.user_id where e.id = ${conversationMessages.authorExpertId})
)`;

/** A thread in order, with each author's name and each file's name. */
export function messagesOf(tx: Tx, conversationId: string) {
  return tx
    .select({
      id: conversationMessages.id,
      authorPatientId: conversationMessages.authorPatientId,
      authorExpertId: conversationMessages.authorExpertId,
      authorName,
      type: conversationMessages.type,
      body: conversationMessages.body,
      filename: files.filename,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .leftJoin(patients, eq(patients.id, conversationMessages.authorPatientId))
    .leftJoin(files, eq(files.id, conversationMessages.fileId))
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(conversationMessages.createdAt, conversationMessages.position);
}

export type ThreadMessage = Awaited<ReturnType<typeof messagesOf>>[number];

/** One message with its conversation and file, for an attachment download. */
export async function messageWithFile(tx: Tx, messageId: string) {
  const [row] = await tx
    .select({ message: conversationMessages, conversation: conversations, file: files })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .leftJoin(files, eq(files.id, conversationMessages.fileId))
    .where(eq(conversationMessages.id, messageId))
    .limit(1);
  return row;
}

/** The subcategory with its category, scoped to the organisation. */
export async function subcategoryIn(tx: Tx, organisationId: string, subcategoryId: string) {
  const [row] = await tx
    .select({ subcategory: messageSubcategories, category: messageCategories })
    .from(messageSubcategories)
    .innerJoin(messageCategories, eq(messageCategories.id, messageSubcategories.categoryId))
    .where(and(eq(messageSubcategories.id, subcategoryId), eq(messageSubcategories.organisationId, organisationId)))
    .limit(1);
  return row;
}

export async function categoryIn(tx: Tx, organisationId: string, categoryId: string) {
  const [row] = await tx
    .select()
    .from(messageCategories)
    .where(and(eq(messageCategories.id, categoryId), eq(messageCategories.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** Whether the expert is assigned to the subcategory. */
export async function isAssigned(tx: Tx, expertId: string, subcategoryId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: messageSubcategoryExperts.expertId })
    .from(messageSubcategoryExperts)
    .where(and(eq(messageSubcategoryExperts.expertId, expertId), eq(messageSubcategoryExperts.subcategoryId, subcategoryId)))
    .limit(1);
  return row !== undefined;
}

/** The staff users of the experts assigned to a subcategory (whose sockets hear about its requests). */
export async function staffUsersOfSubcategory(tx: Tx, subcategoryId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: experts.userId })
    .from(messageSubcategoryExperts)
    .innerJoin(experts, eq(experts.id, messageSubcategoryExperts.expertId))
    .where(eq(messageSubcategoryExperts.subcategoryId, subcategoryId));
  return rows.map((r) => r.userId);
}

export async function staffUserOfExpert(tx: Tx, expertId: string): Promise<string | undefined> {
  const [row] = await tx.select({ userId: experts.userId }).from(experts).where(eq(experts.id, expertId)).limit(1);
  return row?.userId;
}

/** The patient's names from the identity, as an author of messages; undefined when the patient is gone. */
export async function patientNames(tx: Tx, patientId: string): Promise<{ given: string; family: string } | undefined> {
  const [me] = await tx.select({ given: patients.givenName, family: patients.familyName }).from(patients).where(eq(patients.id, patientId));
  return me;
}

/** What a notice to the patient needs: the patient, their contact details (null: none) and the organisation's names. */
export async function patientNoticeDetails(tx: Tx, patientId: string, organisationId: string) {
  const [row] = await tx
    .select({
      patient: patients,
      contact: patientContacts,
      organisationName: organisations.name,
      organisationNameSe: organisations.nameSe,
      organisationNameEn: organisations.nameEn,
    })
    .from(patients)
    .leftJoin(patientContacts, eq(patientContacts.patientId, patients.id))
    .innerJoin(organisations, eq(organisations.id, organisationId))
    .where(eq(patients.id, patientId))
    .limit(1);
  return row;
}

// --------------------------------------------------------------------------------------------------- lists

/** Others' messages after the reader's mark. `own`: what counts as the reader's own rows. */
function unreadCount(reader: string, own: SQL) {
  return sql<number>`(select count(*)::int from ${conversationMessages} m
    where m.conversation_id = ${conversations.id} and not (${own})
      and m.created_at > coalesce((select r.read_at from ${conversationReads} r
        where r.conversation_id = ${conversations.id} and r.reader = ${reader}), '-infinity'::timestamptz))`;
}

const hasAttachments = sql<boolean>`exists (select 1 from ${conversationMessages} m where m.conversation_id = ${conversations.id} and m.type = 'file')`;

const listColumns = {
  conversation: conversations,
  patientName: sql<string>`${patients.givenName} || ' ' || ${patients.familyName}`,
  expertName: sql<string | null>`${staffUsers.firstName} || ' ' || ${staffUsers.lastName}`,
  expertSpecializations: experts.specializations,
  categoryName: messageCategories.name,
  subcategoryName: messageSubcategories.name,
};

function listFrom(tx: Tx, unread: SQL<number>) {
  return tx
    .select({ ...listColumns, unread, hasAttachments })
    .from(conversations)
    .innerJoin(patients, eq(patients.id, conversations.patientId))
    .leftJoin(experts, eq(experts.id, conversations.expertId))
    .leftJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .leftJoin(messageCategories, eq(messageCategories.id, conversations.categoryId))
    .leftJoin(messageSubcategories, eq(messageSubcategories.id, conversations.subcategoryId));
}

/** The patient's conversations in the organisation, newest first, with what they have not read. */
export function patientConversations(
  tx: Tx,
  q: { organisationId: string; patientId: string; status?: 'open' | 'closed'; id?: string; name?: string; subject?: string },
) {
  const own = sql`m.author_patient_id is not null`;
  const name = q.name && `%${escapeLike(q.name)}%`;
  return listFrom(tx, unreadCount(readerOf.patient(q.patientId), own))
    .where(
      and(
        eq(conversations.organisationId, q.organisationId),
        eq(conversations.patientId, q.patientId),
        q.status ? eq(conversations.status, q.status) : undefined,
        q.id ? eq(conversations.id, q.id) : undefined,
        name
          ? or(
              ilike(sql`${patients.givenName} || ' ' || ${patients.familyName}`, name),
              ilike(sql`${staffUsers.firstName} || ' ' || ${staffUsers.lastName}`, name),
            )
          : undefined,
        q.subject ? ilike(conversations.subject, `%${escapeLike(q.subject)}%`) : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(LIST_LIMIT);
}

export type ListRow = Awaited<ReturnType<typeof patientConversations>>[number];

/**
 * What an expert may see (docs/messaging.md 'Who sees what'): in their organisation, the direct conversations they
 * started and the requests of the subcategories they are assigned to.
 */
export function visibleToExpert(expert: { id: string; organisationId: string }): SQL {
  const assigned = assignedSubcategory(expert.id);
  return and(
    eq(conversations.organisationId, expert.organisationId),
    or(and(eq(conversations.kind, 'direct'), eq(conversations.expertId, expert.id)), and(eq(conversations.kind, 'request'), assigned)),
  )!;
}

function assignedSubcategory(expertId: string): SQL {
  return sql`${conversations.subcategoryId} in (select ${messageSubcategoryExperts.subcategoryId} from ${messageSubcategoryExperts} where ${messageSubcategoryExperts.expertId} = ${expertId})`;
}

export type ExpertListFilter = {
  /** Answered conversations (open or closed), or the inbox of one category's unanswered requests. */
  view: { kind: 'conversations'; status: 'open' | 'closed' } | { kind: 'inbox'; categoryId: string } | { kind: 'one'; id: string };
  name?: string;
  patientIds?: string[];
  subject?: string;
};

/** The expert's lists with their unread counts, newest first. */
export function expertConversations(tx: Tx, expert: { id: string; organisationId: string }, f: ExpertListFilter) {
  const own = sql`m.author_expert_id is not distinct from ${expert.id}::uuid`;
  const view =
    f.view.kind === 'conversations'
      ? and(eq(conversations.status, f.view.status), isNotNull(conversations.expertId))
      : f.view.kind === 'inbox'
        ? and(
            eq(conversations.kind, 'request'),
            eq(conversations.status, 'open'),
            isNull(conversations.expertId),
            eq(conversations.categoryId, f.view.categoryId),
          )
        : eq(conversations.id, f.view.id);
  return listFrom(tx, unreadCount(readerOf.expert(expert.id), own))
    .where(
      and(
        visibleToExpert(expert),
        view,
        f.name ? ilike(sql`${patients.givenName} || ' ' || ${patients.familyName}`, `%${escapeLike(f.name)}%`) : undefined,
        f.patientIds ? (f.patientIds.length > 0 ? inArray(conversations.patientId, f.patientIds) : sql`false`) : undefined,
        f.subject ? ilike(conversations.subject, `%${escapeLike(f.subject)}%`) : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(LIST_LIMIT);
}

/** The expert's menu counts: unanswered open requests, and open answered conversations with something unread. */
export async function expertCounts(tx: Tx, expert: { id: string; organisationId: string }) {
  const unreadExists = exists(
    tx
      .select({ one: sql`1` })
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, conversations.id),
          or(isNull(conversationMessages.authorExpertId), ne(conversationMessages.authorExpertId, expert.id)),
          sql`${conversationMessages.createdAt} > coalesce((select r.read_at from ${conversationReads} r
            where r.conversation_id = ${conversations.id} and r.reader = ${readerOf.expert(expert.id)}), '-infinity'::timestamptz)`,
        ),
      ),
  );
  const [row] = await tx
    .select({
      inbox: sql<number>`count(*) filter (where ${conversations.kind} = 'request' and ${conversations.expertId} is null)::int`,
      open: sql<number>`count(*) filter (where ${conversations.expertId} is not null and ${unreadExists})::int`,
    })
    .from(conversations)
    .where(and(visibleToExpert(expert), eq(conversations.status, 'open')));
  return row ?? { inbox: 0, open: 0 };
}

/** `%`, `_` and `\` match themselves in a search. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
