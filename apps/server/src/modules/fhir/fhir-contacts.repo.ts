import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointments,
  chatChannels,
  chatMembers,
  conversationMessages,
  conversations,
  files,
  messageCategories,
  services,
} from '../../db/schema';
import type { ChannelRow } from './fhir-encounter';
import type { MessageRow } from './fhir-communication';
import { dateSql, idsSql, none, type Found, type Page } from './fhir.repo';
import type { DateRange } from './fhir-search';

/**
 * The FHIR API's queries of contacts with patients: secure messages (Communication) and chat or video visits
 * (Encounter), each scoped to one organisation like fhir.repo.ts's.
 */
export type MessageFilter = {
  ids?: string[] | null;
  patientIds?: string[] | null;
  conversationIds?: string[] | null;
  /** `sent` and `_lastUpdated` alike: a message is never changed after it is sent. */
  sent?: DateRange[];
};

export async function findMessages(db: Db, organisationId: string, f: MessageFilter, p: Page): Promise<Found<MessageRow>> {
  const where = and(
    eq(conversations.organisationId, organisationId),
    ...idsSql(conversationMessages.id, f.ids),
    ...idsSql(conversations.patientId, f.patientIds),
    ...idsSql(conversationMessages.conversationId, f.conversationIds),
    ...(f.sent ?? []).flatMap((range) => dateSql(conversationMessages.createdAt, range)),
  );
  const [total] = await db
    .select({ n: count() })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(where);
  const rows = await db
    .select({
      id: conversationMessages.id,
      conversationId: conversationMessages.conversationId,
      patientId: conversations.patientId,
      conversationExpertId: conversations.expertId,
      authorPatientId: conversationMessages.authorPatientId,
      authorExpertId: conversationMessages.authorExpertId,
      type: conversationMessages.type,
      body: conversationMessages.body,
      categoryId: conversations.categoryId,
      categoryName: messageCategories.name,
      fileContentType: files.contentType,
      fileName: files.filename,
      fileSize: files.size,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .leftJoin(messageCategories, eq(messageCategories.id, conversations.categoryId))
    .leftJoin(files, eq(files.id, conversationMessages.fileId))
    .where(where)
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.position), asc(conversationMessages.id))
    .limit(p.count)
    .offset(p.offset);
  return {
    rows: rows.map(({ fileContentType, fileName, fileSize, ...row }) => ({
      ...row,
      file:
        fileContentType !== null && fileName !== null && fileSize !== null
          ? { contentType: fileContentType, filename: fileName, size: fileSize }
          : null,
    })),
    total: total?.n ?? 0,
  };
}

/** An Encounter's status as a condition on the channel (encounterStatus's inverse); any other status matches nothing. */
function statusSql(status: string): SQL {
  if (status === 'arrived') return eq(chatChannels.status, 'waiting');
  if (status === 'in-progress') return eq(chatChannels.status, 'active');
  if (status === 'finished') return and(eq(chatChannels.status, 'ended'), isNotNull(chatChannels.acceptedAt))!;
  if (status === 'cancelled') return and(eq(chatChannels.status, 'ended'), isNull(chatChannels.acceptedAt))!;
  return none;
}

export type ChannelFilter = {
  ids?: string[] | null;
  patientIds?: string[] | null;
  appointmentIds?: string[] | null;
  statuses?: string[] | null;
  /** On the period's start: when an expert took it, or when it was opened if nobody did. */
  date?: DateRange | null;
  lastUpdated?: DateRange | null;
};

export async function findChannels(db: Db, organisationId: string, f: ChannelFilter, p: Page): Promise<Found<ChannelRow>> {
  const periodStart = sql`coalesce(${chatChannels.acceptedAt}, ${chatChannels.createdAt})`;
  const where = and(
    eq(chatChannels.organisationId, organisationId),
    ...idsSql(chatChannels.id, f.ids),
    ...idsSql(chatChannels.patientId, f.patientIds),
    ...idsSql(chatChannels.appointmentId, f.appointmentIds),
    ...(f.statuses ? [f.statuses.length ? or(...f.statuses.map(statusSql))! : none] : []),
    ...dateSql(periodStart, f.date),
    ...dateSql(chatChannels.updatedAt, f.lastUpdated),
  );
  const [total] = await db.select({ n: count() }).from(chatChannels).where(where);
  const rows = await db
    .select({
      id: chatChannels.id,
      status: chatChannels.status,
      patientId: chatChannels.patientId,
      expertId: chatChannels.expertId,
      appointmentId: chatChannels.appointmentId,
      appointmentType: appointments.type,
      serviceName: services.name,
      acceptedAt: chatChannels.acceptedAt,
      endedAt: chatChannels.endedAt,
      createdAt: chatChannels.createdAt,
      version: chatChannels.version,
      updatedAt: chatChannels.updatedAt,
    })
    .from(chatChannels)
    .leftJoin(services, eq(services.id, chatChannels.serviceId))
    .leftJoin(appointments, eq(appointments.id, chatChannels.appointmentId))
    .where(where)
    .orderBy(asc(chatChannels.createdAt), asc(chatChannels.id))
    .limit(p.count)
    .offset(p.offset);
  return { rows, total: total?.n ?? 0 };
}

/** The experts who took part in the channels (members as `agent`, those who handed it on too). */
export async function expertsOfChannels(db: Db, channelIds: string[]) {
  if (!channelIds.length) return [];
  return db
    .select({ channelId: chatMembers.channelId, expertId: chatMembers.userId })
    .from(chatMembers)
    .where(and(inArray(chatMembers.channelId, channelIds), eq(chatMembers.role, 'agent')))
    .orderBy(asc(chatMembers.joinedAt));
}
