import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatCodeGroups, chatCodes, services } from '../../db/schema';

/** A code with its group's terms and its service, only if both belong to the organisation. */
export async function findChatCodeInOrganisation(tx: Tx, code: string, organisationId: string) {
  const [row] = await tx
    .select({
      startsAt: chatCodeGroups.startsAt,
      expiresAt: chatCodeGroups.expiresAt,
      usesPerCode: chatCodeGroups.usesPerCode,
      useCount: chatCodes.useCount,
      service: services,
    })
    .from(chatCodes)
    .innerJoin(chatCodeGroups, eq(chatCodeGroups.id, chatCodes.groupId))
    .innerJoin(services, eq(services.id, chatCodeGroups.serviceId))
    .where(and(eq(chatCodes.code, code), eq(chatCodeGroups.organisationId, organisationId), eq(services.organisationId, organisationId)))
    .limit(1);
  return row;
}
