import { randomBytes } from 'node:crypto';
import { CHAT_CODE_ALPHABET, type ChatQueue } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import * as repo from './chat-queues.repo';

/** 32 symbols without 0/O and 1/I, lower case: readable ids for queues and chat users, each symbol equally likely. */
const ID_ALPHABET = CHAT_CODE_ALPHABET.toLowerCase();

function randomSuffix(length: number): string {
  let out = '';
  for (const byte of randomBytes(length)) out += ID_ALPHABET[byte & 31];
  return out;
}

/** The organisation's chat queues, for the service and expert forms. */
export function organisationQueues(tx: Tx, organisationId: string): Promise<ChatQueue[]> {
  return repo.listQueues(tx, organisationId);
}

/** True when `queueId` is a queue of the organisation (spec §5 'valid queue id'). */
export async function isOrganisationQueue(tx: Tx, organisationId: string, queueId: string): Promise<boolean> {
  return (await repo.findQueue(tx, organisationId, queueId)) !== undefined;
}

/**
 * Creates a queue in the product's own chat, named after the organisation (`espoo-demo-k3x9qa`); an expert's
 * personal queue carries the expert. A clash of random ids is retried; failing that, 1007 'Queue creation failed'.
 */
export async function createQueue(tx: Tx, input: { organisationId: string; name: string; expertId?: string }): Promise<string> {
  const slug = await repo.organisationSlug(tx, input.organisationId);
  if (!slug) throw new AppError(1007, { detail: 'organisation missing' });
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = `${slug}-${randomSuffix(6)}`;
    if (await repo.insertQueue(tx, { id, organisationId: input.organisationId, name: input.name, expertId: input.expertId ?? null }))
      return id;
  }
  throw new AppError(1007, { detail: 'no free queue id' });
}

/** A user id in the product's own chat for an expert (spec §3 'chat-platform user id'). */
export function newChatUserId(): string {
  return `cu-${randomSuffix(16)}`;
}
