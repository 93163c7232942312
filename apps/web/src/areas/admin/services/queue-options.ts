import type { ChatQueue } from '@prsp/contracts';

/** The queues to choose from, with the one already set kept in the list even if it is not among them. */
export function withCurrent(queues: readonly ChatQueue[], current: string | undefined): ChatQueue[] {
  if (!current || queues.some((q) => q.id === current)) return [...queues];
  return [...queues, { id: current, name: current, expertId: null }];
}
