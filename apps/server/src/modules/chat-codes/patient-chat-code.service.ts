import { zText, type ChatCodeResponse } from '@prsp/contracts';
import { z } from 'zod/mini';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { OrganisationRow } from '../../platform/access/patient-access';
import { selfAssessmentOf } from '../organisations/organisations.service';
import { chatCodeRefusal, normalizeChatCode, type CodeTargetKind } from './chat-code-state';
import { countCodeUse, findCode, serviceOfOrganisation } from './patient-chat-code.repo';

export type { CodeTarget, CodeTargetKind } from './chat-code-state';

/** A code as a path parameter: chat codes here, message codes in async messaging. */
export const ZChatCodeParams = z.object({ code: zText().check(z.minLength(1, 'required'), z.maxLength(64, 'tooLong')) });

/** Against guessing codes: a person typing needs a handful of tries a minute, a script needs thousands. */
export const CHAT_CODE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/**
 * What a code opens, loaded by the module it belongs to: the service (here), or the subcategory with its category
 * (async messaging, which alone knows when a patient may write there). Undefined: the code opens nothing for the
 * patient, as if it did not exist.
 */
export type OpenTarget<T> = (targetId: string) => Promise<T | undefined>;

export type CheckedCode<T> = { code: string; codeId: string; opened: T };

/**
 * Checks a code a patient typed (spec §8), for either target: 201 when the organisation has no such code of the
 * `kind`, or `open` refuses what it opens (another organisation's code, a code of the other kind, a message code of
 * a disabled subcategory: each 'not valid', revealing nothing); then the state rule, 202 not open yet (with the start as `retryAt`), 203
 * expired, 204 used up. `lock` keeps the code's row locked for the caller's transaction (see `useCode`).
 */
export async function checkCode<T>(
  tx: Tx,
  organisationId: string,
  typed: string,
  kind: CodeTargetKind,
  open: OpenTarget<T>,
  opts: { lock?: boolean; now?: Date } = {},
): Promise<CheckedCode<T>> {
  const code = normalizeChatCode(typed);
  const row = code ? await findCode(tx, organisationId, code, opts.lock) : undefined;
  const targetId = kind === 'service' ? row?.serviceId : row?.subcategoryId;
  const opened = row && targetId ? await open(targetId) : undefined;
  if (!row || opened === undefined) throw new AppError(201);
  const refusal = chatCodeRefusal(row, opts.now ?? new Date());
  // A code that is right but early says from when it is valid (`retryAt`), so the person knows when to come back.
  if (refusal) throw new AppError(refusal, refusal === 202 ? { retryAt: row.startsAt } : {});
  return { code, codeId: row.codeId, opened };
}

/**
 * Uses a code: `checkCode`'s checks with one use counted, under the code's row lock in the caller's transaction, so
 * two patients racing for a code's last use cannot both have it, and a use is never counted without what it was for
 * (the chat it opened, the message it sent): a rolled-back caller takes the use back with it.
 */
export async function useCode<T>(
  tx: Tx,
  organisationId: string,
  typed: string,
  kind: CodeTargetKind,
  open: OpenTarget<T>,
  now = new Date(),
): Promise<CheckedCode<T>> {
  const checked = await checkCode(tx, organisationId, typed, kind, open, { lock: true, now });
  await countCodeUse(tx, checked.codeId);
  return checked;
}

const openService = (tx: Tx, organisationId: string) => (id: string) => serviceOfOrganisation(tx, organisationId, id);

/**
 * Checks a chat code a patient typed against their selected organisation (spec §3 'Chat code response', §8):
 * the service the code opens, or 201–204 as `checkCode`. Using the code is a later step.
 */
export async function checkChatCode(tx: Tx, org: OrganisationRow, typed: string, now = new Date()): Promise<ChatCodeResponse> {
  const { opened: service } = await checkCode(tx, org.id, typed, 'service', openService(tx, org.id), { now });
  return {
    chatQueueId: service.chatQueueId,
    serviceName: service.name,
    uuid: service.id,
    ...selfAssessmentOf(service, org),
  };
}

/** The service a chat code opens and the code's id, whatever its state; undefined for no such chat code in the organisation. */
export async function chatCodeTarget(
  tx: Tx,
  organisationId: string,
  typed: string,
): Promise<{ serviceId: string; chatCodeId: string } | undefined> {
  const code = normalizeChatCode(typed);
  const row = code ? await findCode(tx, organisationId, code) : undefined;
  return row?.serviceId ? { serviceId: row.serviceId, chatCodeId: row.codeId } : undefined;
}

/** Uses a chat code as its chat starts (`POST /services/chatCode/{code}/use`), in the transaction that opens the chat. */
export async function useChatCode(
  tx: Tx,
  organisationId: string,
  typed: string,
  now = new Date(),
): Promise<{ serviceId: string; chatCodeId: string }> {
  const { opened, codeId } = await useCode(tx, organisationId, typed, 'service', openService(tx, organisationId), now);
  return { serviceId: opened.id, chatCodeId: codeId };
}
