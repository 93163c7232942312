import type { ChatQueue, OpeningHours, WhenNobodyOnDuty } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import * as repo from './chat-queues.repo';

/** The organisation's chat queues, for the service and expert forms. */
export function organisationQueues(tx: Tx, organisationId: string): Promise<ChatQueue[]> {
  return repo.listQueues(tx, organisationId);
}

/** True when `queueId` is a queue of the organisation (spec §5 'valid queue id'). */
export async function isOrganisationQueue(tx: Tx, organisationId: string, queueId: string): Promise<boolean> {
  return (await repo.findQueue(tx, organisationId, queueId)) !== undefined;
}

/**
 * Creates a queue of the product's own chat under the id its service or expert named (platform/chat-ids.ts), in the
 * writer's transaction (the subscriber of `service.saved` and `expert.chatEnabled`); an expert's personal queue
 * carries the expert. A taken id answers 1007 'Queue creation failed'.
 */
export async function createQueue(tx: Tx, input: { id: string; organisationId: string; name: string; expertId?: string }): Promise<void> {
  const inserted = await repo.insertQueue(tx, {
    id: input.id,
    organisationId: input.organisationId,
    name: input.name,
    expertId: input.expertId ?? null,
  });
  if (!inserted) throw new AppError(1007, { detail: 'queue id taken' });
}

/** Sets the opening hours of one of the organisation's queues (a service's form saves them); false when it has no such queue. */
/** What the queue does when nobody is on duty (issue 32), as the service form sets it; false when it has no such queue. */
export function setQueueWhenNobodyOnDuty(
  tx: Tx,
  organisationId: string,
  queueId: string,
  whenNobodyOnDuty: WhenNobodyOnDuty,
): Promise<boolean> {
  return repo.setQueueWhenNobodyOnDuty(tx, organisationId, queueId, whenNobodyOnDuty);
}

export function setQueueOpeningHours(tx: Tx, organisationId: string, queueId: string, openingHours: OpeningHours): Promise<boolean> {
  return repo.setQueueOpeningHours(tx, organisationId, queueId, openingHours);
}
