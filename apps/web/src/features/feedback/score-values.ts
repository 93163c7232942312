import { SCORE_RANGES, type ScoreType } from '@prsp/contracts';

/** Every score a scale offers, lowest first: nps 0–10 (spec §9: 11 options), faces and care 1–5, expertCes 1–7. */
export function scoreValues(type: ScoreType): number[] {
  const { min, max } = SCORE_RANGES[type];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}
