import { DAYS_PER_MONTH } from '@prsp/contracts';

/** Spec §5 'Data saving': months entered for experts and admins are kept as days, months × 30.437 rounded. */
export function monthsToDays(months: number): number {
  return Math.round(months * DAYS_PER_MONTH);
}

/** The days a typed month count will be stored as, or undefined while the entry is not a whole number. */
export function daysForEntry(entry: string): number | undefined {
  const trimmed = entry.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return undefined;
  return monthsToDays(Number(trimmed));
}
