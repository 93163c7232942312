import { expect, test } from 'vitest';
import { URGENCY_LEVELS } from '@prsp/contracts';
import { waitingRank } from './queue-order';

test('an emergency goes first, then an urgent one; a milder urgency or none waits in the line as it came', () => {
  expect(URGENCY_LEVELS.map((u) => [u, waitingRank(u)])).toEqual([
    ['emergency', 0],
    ['urgent', 1],
    ['soon', 2],
    ['selfCare', 2],
  ]);
  expect(waitingRank(null)).toBe(2);
});
