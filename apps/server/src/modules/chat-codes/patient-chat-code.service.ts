import type { ChatCodeResponse } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { OrganisationRow } from '../../platform/access/patient-access';
import { selfAssessmentOf } from '../services/service-view';
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
