import type { ChatChannel } from '@prsp/contracts';

/**
 * The waiting room's estimate in whole minutes, rounded up (a patient would rather wait less than said); null
 * when the server has nothing to go by. Under a minute counts as 'less than a minute' (0).
 */
export function waitMinutes(estimatedWaitSeconds: number | null): number | null {
  if (estimatedWaitSeconds === null || !Number.isFinite(estimatedWaitSeconds) || estimatedWaitSeconds < 0) return null;
  return estimatedWaitSeconds < 60 ? 0 : Math.ceil(estimatedWaitSeconds / 60);
}

/**
 * What the waiting room says about the wait. A booked appointment waits for its own professional, so the queue's
 * estimate means nothing there (issue 29: "under a minute" while the professional was late): before the start it
 * says when the appointment starts, after it that the professional is running late. A queue chat gets the estimate.
 */
export type WaitingNotice = { kind: 'startsAt'; startsAt: number } | { kind: 'late' } | { kind: 'estimate'; minutes: number | null };

export function waitingNotice(channel: Pick<ChatChannel, 'appointmentStartsAt' | 'estimatedWaitSeconds'>, now: number): WaitingNotice {
  const startsAt = channel.appointmentStartsAt;
  if (startsAt === null) return { kind: 'estimate', minutes: waitMinutes(channel.estimatedWaitSeconds) };
  return now < startsAt ? { kind: 'startsAt', startsAt } : { kind: 'late' };
}
