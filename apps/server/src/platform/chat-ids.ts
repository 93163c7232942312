import { randomBytes } from 'node:crypto';
import { CHAT_CODE_ALPHABET } from '@prsp/contracts';

/** 32 symbols without 0/O and 1/I, lower case: readable ids for queues and chat users, each symbol equally likely. */
const ID_ALPHABET = CHAT_CODE_ALPHABET.toLowerCase();

function randomSuffix(length: number): string {
  let out = '';
  for (const byte of randomBytes(length)) out += ID_ALPHABET[byte & 31];
  return out;
}

/**
 * The id of a new queue of the product's own chat, named after its organisation (`espoo-demo-k3x9qa`). Chosen by the
 * module that names the queue (a service, an expert's personal queue); the chat's subscriber creates it under this id
 * in the same transaction (one in 32⁶ per organisation to clash, which answers 1007 'Queue creation failed').
 */
export function newQueueId(organisationSlug: string): string {
  return `${organisationSlug}-${randomSuffix(6)}`;
}

/** A user id in the product's own chat for an expert (spec §3 'chat-platform user id'). */
export function newChatUserId(): string {
  return `cu-${randomSuffix(16)}`;
}
