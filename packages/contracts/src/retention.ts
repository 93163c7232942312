/**
 * The shortest data-saving periods an organisation may set (spec §3 'Data retention', §5 'Data saving'),
 * why each is what it is: see docs/retention.md. Empty still means 'keep'.
 */
export const RETENTION_MINIMUMS = {
  /** Appointments, survey answers and idle contact details: spec §9 keeps appointment history 90 days. */
  patientDays: 90,
  /** An idle expert loses their place and their audit rows go: a long leave or a summer must not cost the account. */
  expertMonths: 6,
  /** Admins act seldom (yearly settings, chat codes at year end): a whole year of their changes stays traceable. */
  adminMonths: 12,
} as const;

/** Whether an entered value respects its minimum: empty ('keep') does; what is not a number is another rule's concern. */
export function meetsRetentionMinimum(entry: string, minimum: number): boolean {
  const trimmed = entry.trim();
  return !/^\d+$/.test(trimmed) || Number(trimmed) >= minimum;
}

/**
 * Whether a new entry deletes sooner than the saved one: a shorter period, or a period where data was kept
 * ('' before). Both in the same unit. Not-yet-valid entries are not 'shorter'.
 */
export function isRetentionShortened(saved: string, entry: string): boolean {
  const next = entry.trim();
  if (!/^\d+$/.test(next)) return false;
  const before = saved.trim();
  return before === '' || Number(next) < Number(before);
}
