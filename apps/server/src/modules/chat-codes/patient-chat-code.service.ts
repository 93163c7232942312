import { eq, sql } from 'drizzle-orm';
import type { ChatCodeResponse } from '@prsp/contracts';
import { chatCodes } from '../../db/schema';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { OrganisationRow } from '../../platform/access/patient-access';
import { selfAssessmentOf } from '../organisations/service-view';
import { chatCodeRefusal, normalizeChatCode } from './chat-code-state';
import { findChatCodeInOrganisation } from './patient-chat-code.repo';

/**
 * Checks a chat code a patient typed against their selected organisation (spec §3 'Chat code response', §8):
 * 201 when no such code exists there (another organisation's code is 'not valid' too, revealing nothing),
 * 202/203/204 by the state rule, else the service the code opens. Using the code is a later step.
 */
export async function checkChatCode(tx: Tx, org: OrganisationRow, typed: string, now = new Date()): Promise<ChatCodeResponse> {
  const code = normalizeChatCode(typed);
  const row = code ? await findChatCodeInOrganisation(tx, code, org.id) : undefined;
  if (!row) throw new AppError(201);
  const refusal = chatCodeRefusal(row, now);
  if (refusal) throw new AppError(refusal);
  return {
    chatQueueId: row.service.chatQueueId,
    serviceName: row.service.name,
    uuid: row.service.id,
    ...selfAssessmentOf(row.service, org),
  };
}

/** The service a code opens and the code's id, whatever its state; undefined for no such code in the organisation. */
export async function chatCodeTarget(
  tx: Tx,
  organisationId: string,
  typed: string,
): Promise<{ serviceId: string; chatCodeId: string } | undefined> {
  const code = normalizeChatCode(typed);
  const row = code ? await findChatCodeInOrganisation(tx, code, organisationId) : undefined;
  if (!row) return undefined;
  const [own] = await tx.select({ id: chatCodes.id }).from(chatCodes).where(eq(chatCodes.code, code)).limit(1);
  return { serviceId: row.service.id, chatCodeId: own!.id };
}

/**
 * Uses a chat code as its chat starts (`POST /services/chatCode/{code}/use`): the same checks as `checkChatCode`,
 * with the use counted under the code's row lock in the caller's transaction, so two patients racing for a code's
 * last use cannot both have it, and a use is never counted without the chat it opened.
 */
export async function useChatCode(
  tx: Tx,
  organisationId: string,
  typed: string,
  now = new Date(),
): Promise<{ serviceId: string; chatCodeId: string }> {
  const code = normalizeChatCode(typed);
  const row = code ? await findChatCodeInOrganisation(tx, code, organisationId) : undefined;
  if (!row) throw new AppError(201);
  const [locked] = await tx.select().from(chatCodes).where(eq(chatCodes.code, code)).for('update').limit(1);
  const refusal = chatCodeRefusal({ ...row, useCount: locked!.useCount }, now);
  if (refusal) throw new AppError(refusal);
  await tx
    .update(chatCodes)
    .set({ useCount: sql`${chatCodes.useCount} + 1` })
    .where(eq(chatCodes.id, locked!.id));
  return { serviceId: row.service.id, chatCodeId: locked!.id };
}
