import { randomBytes } from 'node:crypto';
import { CHAT_CODE_ALPHABET, CHAT_CODE_LENGTH } from '@prsp/contracts';

/**
 * One chat code: 10 symbols from a 32-symbol alphabet without look-alikes (0/O, 1/I), drawn from the
 * operating system's CSPRNG. 32 divides 256, so `byte & 31` picks every symbol equally often (50 bits per code).
 */
export function newChatCode(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(CHAT_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += CHAT_CODE_ALPHABET[byte & 31];
  return code;
}

/** `count` codes, distinct among themselves (the database makes them distinct across all groups). */
export function newChatCodes(count: number, random?: (size: number) => Buffer): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newChatCode(random));
  return [...codes];
}
