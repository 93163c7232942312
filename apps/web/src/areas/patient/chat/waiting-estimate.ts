/**
 * The waiting room's estimate in whole minutes, rounded up (a patient would rather wait less than said); null
 * when the server has nothing to go by. Under a minute counts as 'less than a minute' (0).
 */
export function waitMinutes(estimatedWaitSeconds: number | null): number | null {
  if (estimatedWaitSeconds === null || !Number.isFinite(estimatedWaitSeconds) || estimatedWaitSeconds < 0) return null;
  return estimatedWaitSeconds < 60 ? 0 : Math.ceil(estimatedWaitSeconds / 60);
}
