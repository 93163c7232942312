import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatChannels, chatMembers, chatMessages, files, services } from '../../db/schema';

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
