import type { Urgency } from '@prsp/contracts';

/**
 * The order of a waiting line (issue 29): an emergency first, then an urgent one, then everyone else, each group by
 * when they entered the queue. A milder urgency does not move anyone ahead of the line.
 */
export const AHEAD_OF_THE_LINE: readonly Urgency[] = ['emergency', 'urgent'];

/** Where an urgency stands in the line: 0 goes first; everything not ahead of the line shares the last rank. */
export function waitingRank(urgency: Urgency | null): number {
  const rank = urgency === null ? -1 : AHEAD_OF_THE_LINE.indexOf(urgency);
  return rank === -1 ? AHEAD_OF_THE_LINE.length : rank;
}
