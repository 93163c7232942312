/** What a patient types, as stored: codes are kept upper-case, and stray spaces or case do not matter. */
export function normalizeChatCode(input: string): string {
  return input.trim().toUpperCase();
}

export type ChatCodeTerms = { startsAt: Date; expiresAt: Date | null; usesPerCode: number; useCount: number };

/** Why an existing code cannot be used now (spec §8): 202 not open yet, 203 expired, 204 used up. */
export type ChatCodeRefusal = 202 | 203 | 204;

/**
 * The state rule of a chat code at `now`, checked in the order a patient can act on: a code whose group
 * has not started is 'not yet' even if also used up; an expiry at or before now has passed; a code is used
 * up once its uses reach the group's uses per code. Null: the code may be used.
 */
export function chatCodeRefusal(code: ChatCodeTerms, now: Date): ChatCodeRefusal | null {
  if (code.startsAt.getTime() > now.getTime()) return 202;
  if (code.expiresAt !== null && code.expiresAt.getTime() <= now.getTime()) return 203;
  if (code.useCount >= code.usesPerCode) return 204;
  return null;
}

/**
 * What the codes of a group open (spec §3 'Chat code group'): a service (chat codes), or a subcategory of async
 * messaging (message codes). One table holds both: `chat_code_groups` sets exactly one of the two ids.
 */
export type CodeTarget = { kind: 'service'; serviceId: string } | { kind: 'subcategory'; subcategoryId: string };
export type CodeTargetKind = CodeTarget['kind'];

/** The id of what the target opens. */
export function targetId(target: CodeTarget): string {
  return target.kind === 'service' ? target.serviceId : target.subcategoryId;
}
