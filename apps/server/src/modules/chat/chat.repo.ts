import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  appointments,
  chatChannels,
  chatMembers,
  chatMessages,
  chatQueues,
  experts,
  files,
  patients,
  services,
  staffUsers,
} from '../../db/schema';
import type { ChatChannelRow, ChatMemberRow, ChatMessageRow } from './chat.tables';
import { AHEAD_OF_THE_LINE, waitingRank } from './queue-order';

export type NewChannel = typeof chatChannels.$inferInsert;
export type NewMember = typeof chatMembers.$inferInsert;

export async function insertChannel(tx: Tx, row: NewChannel): Promise<ChatChannelRow | undefined> {
  // A live channel per appointment: a second opener finds the first one's (see the partial unique index).
  const [created] = await tx.insert(chatChannels).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findChannel(tx: Tx, id: string): Promise<ChatChannelRow | undefined> {
  const [row] = await tx.select().from(chatChannels).where(eq(chatChannels.id, id)).limit(1);
  return row;
}

/** The channel's row, locked until the transaction ends: messages take their number under this lock. */
export async function lockChannel(tx: Tx, id: string): Promise<ChatChannelRow | undefined> {
  const [row] = await tx.select().from(chatChannels).where(eq(chatChannels.id, id)).for('update').limit(1);
  return row;
}

/**
 * A channel and its member rows (present and past, in the order they joined) in one read; with `lock`, the channel's
 * row is locked until the transaction ends (its members are not).
 */
export async function channelWithMembers(
  tx: Tx,
  id: string,
  lock: boolean,
): Promise<{ channel: ChatChannelRow; members: ChatMemberRow[] } | undefined> {
  const query = tx
    .select({ channel: chatChannels, member: chatMembers })
    .from(chatChannels)
    .leftJoin(chatMembers, eq(chatMembers.channelId, chatChannels.id))
    .where(eq(chatChannels.id, id))
    .orderBy(asc(chatMembers.joinedAt))
    .$dynamic();
  const rows = await (lock ? query.for('update', { of: chatChannels }) : query);
  const [first] = rows;
  if (!first) return undefined;
  return { channel: first.channel, members: rows.flatMap((r) => (r.member ? [r.member] : [])) };
}

export async function liveChannelOfAppointment(tx: Tx, appointmentId: string): Promise<ChatChannelRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatChannels)
    .where(and(eq(chatChannels.appointmentId, appointmentId), sql`${chatChannels.status} <> 'ended'`))
    .limit(1);
  return row;
}

/** A patient's channel still waiting or active in a queue, so entering again resumes it instead of queueing twice. */
export async function liveQueueChannelOfPatient(tx: Tx, patientId: string, serviceId: string): Promise<ChatChannelRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatChannels)
    .where(
      and(
        eq(chatChannels.patientId, patientId),
        eq(chatChannels.serviceId, serviceId),
        eq(chatChannels.kind, 'queue'),
        sql`${chatChannels.status} <> 'ended'`,
      ),
    )
    .limit(1);
  return row;
}

export function updateChannel(tx: Tx, id: string, set: Partial<NewChannel>) {
  return tx.update(chatChannels).set(set).where(eq(chatChannels.id, id));
}

export async function addMembers(tx: Tx, rows: NewMember[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(chatMembers)
    .values(rows)
    .onConflictDoUpdate({ target: [chatMembers.channelId, chatMembers.userId], set: { leftAt: null } });
}

export function membersOf(tx: Tx, channelId: string): Promise<ChatMemberRow[]> {
  return tx.select().from(chatMembers).where(eq(chatMembers.channelId, channelId)).orderBy(asc(chatMembers.joinedAt));
}

export async function memberOf(tx: Tx, channelId: string, userId: string): Promise<ChatMemberRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.channelId, channelId), eq(chatMembers.userId, userId)))
    .limit(1);
  return row;
}

export function leaveChannel(tx: Tx, channelId: string, userId: string, at: Date) {
  return tx
    .update(chatMembers)
    .set({ leftAt: at })
    .where(and(eq(chatMembers.channelId, channelId), eq(chatMembers.userId, userId)));
}

export function rejoinChannel(tx: Tx, channelId: string, userId: string) {
  return tx
    .update(chatMembers)
    .set({ leftAt: null })
    .where(and(eq(chatMembers.channelId, channelId), eq(chatMembers.userId, userId)));
}

export async function raiseReadSeq(tx: Tx, channelId: string, userId: string, seq: number): Promise<boolean> {
  const updated = await tx
    .update(chatMembers)
    .set({ readSeq: sql`greatest(${chatMembers.readSeq}, ${seq})` })
    .where(and(eq(chatMembers.channelId, channelId), eq(chatMembers.userId, userId), lt(chatMembers.readSeq, seq)))
    .returning({ userId: chatMembers.userId });
  return updated.length > 0;
}

export async function findMessage(tx: Tx, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  return row;
}

export async function insertMessage(tx: Tx, row: typeof chatMessages.$inferInsert): Promise<ChatMessageRow> {
  const [created] = await tx.insert(chatMessages).values(row).returning();
  await tx.update(chatChannels).set({ lastSeq: row.seq }).where(eq(chatChannels.id, row.channelId));
  return created!;
}

export type MessageWithFile = ChatMessageRow & { file: { id: string; filename: string; size: number; contentType: string } | null };

const messageColumns = {
  message: chatMessages,
  fileId: files.id,
  filename: files.filename,
  size: files.size,
  contentType: files.contentType,
};

function withFile(r: {
  message: ChatMessageRow;
  fileId: string | null;
  filename: string | null;
  size: number | null;
  contentType: string | null;
}) {
  const file = r.fileId ? { id: r.fileId, filename: r.filename!, size: r.size!, contentType: r.contentType! } : null;
  return { ...r.message, file };
}

export async function messagesAfter(tx: Tx, channelId: string, after: number, limit: number): Promise<MessageWithFile[]> {
  const rows = await tx
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(files, eq(files.id, chatMessages.fileId))
    .where(and(eq(chatMessages.channelId, channelId), gt(chatMessages.seq, after)))
    .orderBy(asc(chatMessages.seq))
    .limit(limit);
  return rows.map(withFile);
}

export async function messageWithFile(tx: Tx, id: string): Promise<MessageWithFile | undefined> {
  const [row] = await tx
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(files, eq(files.id, chatMessages.fileId))
    .where(eq(chatMessages.id, id))
    .limit(1);
  return row ? withFile(row) : undefined;
}

/** `waitingRank` in SQL (queue-order.ts), for ordering and counting the waiting line in the database. */
const waitingRankSql = sql<number>`(case ${sql.join(
  AHEAD_OF_THE_LINE.map((urgency, rank) => sql`when ${chatChannels.urgency} = ${urgency} then ${sql.raw(String(rank))}`),
  sql` `,
)} else ${sql.raw(String(AHEAD_OF_THE_LINE.length))} end)`;

/**
 * A waiting channel's place in line, 1 + how many still wait in the same queue ahead of it (more urgent, or as urgent
 * and earlier), and the mean length of the queue's last 20 finished chats in 30 days in seconds (null with none to
 * go by): one read.
 */
export async function queueWait(
  tx: Tx,
  queueId: string,
  channel: Pick<ChatChannelRow, 'queuedAt' | 'urgency'>,
  now: Date,
): Promise<{ position: number; meanSeconds: number | null }> {
  const rank = waitingRank(channel.urgency);
  const ahead = tx
    .select({ ahead: sql<number>`count(*)::int` })
    .from(chatChannels)
    .where(
      and(
        eq(chatChannels.queueId, queueId),
        eq(chatChannels.status, 'waiting'),
        // Ahead: a more urgent one, or one as urgent that came earlier (queue-order.ts).
        or(sql`${waitingRankSql} < ${rank}`, and(sql`${waitingRankSql} = ${rank}`, lt(chatChannels.queuedAt, channel.queuedAt))),
      ),
    );
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const recent = tx
    .select({ seconds: sql<number>`extract(epoch from (${chatChannels.endedAt} - ${chatChannels.acceptedAt}))`.as('seconds') })
    .from(chatChannels)
    .where(
      and(
        eq(chatChannels.queueId, queueId),
        isNotNull(chatChannels.acceptedAt),
        isNotNull(chatChannels.endedAt),
        gt(chatChannels.endedAt, since),
      ),
    )
    .orderBy(desc(chatChannels.endedAt))
    .limit(20)
    .as('recent');
  const [row] = await tx.select({ mean: sql<number | null>`avg(${recent.seconds})::float8`, ahead: sql<number>`(${ahead})` }).from(recent);
  return { position: (row?.ahead ?? 0) + 1, meanSeconds: row?.mean ?? null };
}

export async function findQueue(tx: Tx, id: string) {
  const [row] = await tx.select().from(chatQueues).where(eq(chatQueues.id, id)).limit(1);
  return row;
}

export function organisationQueues(tx: Tx, organisationId: string) {
  return tx.select().from(chatQueues).where(eq(chatQueues.organisationId, organisationId)).orderBy(asc(chatQueues.name));
}

/** The expert rows of a staff user: one per organisation they work in. */
export function expertRowsOfUser(tx: Tx, userId: string) {
  return tx
    .select({
      id: experts.id,
      organisationId: experts.organisationId,
      chatQueueId: experts.chatQueueId,
      communicationLanguage: experts.communicationLanguage,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
    })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(eq(experts.userId, userId));
}

/** The queues an expert belongs to: the one named on the expert, and their personal queues. */
export function queuesOfExpert(tx: Tx, expert: { id: string; chatQueueId: string; organisationId: string }) {
  return tx
    .select()
    .from(chatQueues)
    .where(
      and(
        eq(chatQueues.organisationId, expert.organisationId),
        or(eq(chatQueues.id, expert.chatQueueId), eq(chatQueues.expertId, expert.id)),
      ),
    )
    .orderBy(asc(chatQueues.name));
}

export function waitingIn(tx: Tx, queueIds: string[]) {
  if (queueIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      channel: chatChannels,
      givenName: patients.givenName,
      familyName: patients.familyName,
      serviceName: services.name,
      appointmentStartsAt: appointments.startsAt,
    })
    .from(chatChannels)
    .leftJoin(patients, eq(patients.id, chatChannels.patientId))
    .leftJoin(services, eq(services.id, chatChannels.serviceId))
    .leftJoin(appointments, eq(appointments.id, chatChannels.appointmentId))
    .where(and(inArray(chatChannels.queueId, queueIds), eq(chatChannels.status, 'waiting')))
    .orderBy(waitingRankSql, asc(chatChannels.queuedAt));
}

/**
 * The next one waiting in a queue for one of `expertIds`, locked: a chat waiting for another expert (a booked
 * one-to-one, a hand-over) is not theirs, and one another expert is taking at this moment is skipped.
 */
export async function lockNextWaiting(tx: Tx, queueId: string, expertIds: string[]): Promise<ChatChannelRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatChannels)
    .where(
      and(
        eq(chatChannels.queueId, queueId),
        eq(chatChannels.status, 'waiting'),
        or(isNull(chatChannels.expertId), inArray(chatChannels.expertId, expertIds)),
      ),
    )
    .orderBy(waitingRankSql, asc(chatChannels.queuedAt))
    .for('update', { skipLocked: true })
    .limit(1);
  return row;
}

/** Active channels the expert is a member of and has not left. */
/** Chats handed over to one of these experts and waiting for them to accept (offered to them alone). */
export function offeredTo(tx: Tx, expertIds: string[]) {
  if (expertIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ channel: chatChannels })
    .from(chatChannels)
    .where(and(inArray(chatChannels.expertId, expertIds), eq(chatChannels.status, 'waiting'), isNotNull(chatChannels.handoverFrom)))
    .orderBy(asc(chatChannels.queuedAt));
}

export function activeChannelsOfMember(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ channel: chatChannels })
    .from(chatMembers)
    .innerJoin(chatChannels, eq(chatChannels.id, chatMembers.channelId))
    .where(and(inArray(chatMembers.userId, userIds), isNull(chatMembers.leftAt), eq(chatChannels.status, 'active')))
    .orderBy(asc(chatChannels.acceptedAt));
}

export async function patientName(tx: Tx, patientId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ givenName: patients.givenName, familyName: patients.familyName })
    .from(patients)
    .where(eq(patients.id, patientId))
    .limit(1);
  return row ? `${row.givenName} ${row.familyName}` : undefined;
}

/** An appointment's name (a chat's title on the desk). */
export async function appointmentName(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ name: appointments.name }).from(appointments).where(eq(appointments.id, id)).limit(1);
  return row?.name;
}

/** Patients by id with what the expert's desk shows of them (the identity code still encrypted). */
export function patientsByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: patients.id,
      givenName: patients.givenName,
      familyName: patients.familyName,
      ssnEncrypted: patients.ssnEncrypted,
      lang: patients.lang,
    })
    .from(patients)
    .where(inArray(patients.id, ids));
}

export async function serviceOf(tx: Tx, id: string) {
  const [row] = await tx.select().from(services).where(eq(services.id, id)).limit(1);
  return row;
}

/** What a channel's view needs of its appointment: its type (`basic` and `group-video` are video) and its start. */
export async function appointmentOf(tx: Tx, id: string) {
  const [row] = await tx
    .select({ type: appointments.type, startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.id, id))
    .limit(1);
  return row;
}

/** Experts of an organisation with their names, for transfers. */
export function organisationExperts(tx: Tx, organisationId: string) {
  return tx
    .select({ id: experts.id, userId: experts.userId, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(experts.organisationId, organisationId), eq(staffUsers.active, true)))
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName));
}

export function expertsByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: experts.id, chatQueueId: experts.chatQueueId, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(inArray(experts.id, ids));
}
