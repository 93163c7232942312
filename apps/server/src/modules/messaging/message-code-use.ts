import type { MessageCodeTarget } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { chatCodeRefusal, normalizeChatCode } from '../chat-codes/chat-code-state';
import { patientMayWrite, toCategory, toSubcategory } from './category-rules';
import * as repo from './message-codes.repo';

/**
 * A patient's message code (spec §5 'Message code', §8 201–204): it opens one subcategory, restricted or not, for a
 * new message. 201 when the organisation has no such message code (a chat code, another organisation's code, or a
 * code of a disabled category or subcategory are all 'not valid', revealing nothing), then the chat codes' state
 * rule: 202 not open yet, 203 expired, 204 used up.
 */
type CodeRow = NonNullable<Awaited<ReturnType<typeof repo.findCode>>>;

function usable(row: CodeRow | undefined, now: Date): CodeRow {
  if (!row || !patientMayWrite(row.category, row.subcategory, true)) throw new AppError(201);
  const refusal = chatCodeRefusal(row, now);
  if (refusal) throw new AppError(refusal);
  return row;
}

/** What the code opens, without using it (`message-code/validate/{code}`); the patient sees no expert ids. */
export async function validateMessageCode(tx: Tx, organisationId: string, typed: string, now = new Date()): Promise<MessageCodeTarget> {
  const code = normalizeChatCode(typed);
  const row = usable(code ? await repo.findCode(tx, organisationId, code) : undefined, now);
  return { code, category: toCategory(row.category), subcategory: toSubcategory(row.subcategory, []) };
}

/**
 * Checks the code and counts one use, under the code's row lock in the caller's transaction: two patients racing
 * for a code's last use cannot both have it, and a use is never counted without the message it was for (the send
 * of a new message calls this inside its own transaction). `subcategoryId`: the subcategory the message is written
 * to, which must be the one the code opens (else 201); null for `message-code/use/{code}`, which names none.
 */
export async function consumeMessageCode(
  tx: Tx,
  organisationId: string,
  typed: string,
  subcategoryId: string | null,
  now = new Date(),
): Promise<{ categoryId: string; subcategoryId: string }> {
  const code = normalizeChatCode(typed);
  const row = usable(code ? await repo.findCode(tx, organisationId, code, true) : undefined, now);
  if (subcategoryId !== null && row.subcategory.id !== subcategoryId) throw new AppError(201);
  await repo.countUse(tx, row.codeId);
  return { categoryId: row.category.id, subcategoryId: row.subcategory.id };
}
