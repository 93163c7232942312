import { DAYS_PER_MONTH, isRetentionShortened } from '@prsp/contracts';

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

export const RETENTION_FIELDS = ['dataSavingExpertMonths', 'dataSavingAdminMonths', 'dataSavingPatientDays'] as const;
export type RetentionField = (typeof RETENTION_FIELDS)[number];

/** The days an entry of a field will delete after (months converted), or undefined while it is not a whole number. */
export function retentionDays(field: RetentionField, entry: string): number | undefined {
  if (field !== 'dataSavingPatientDays') return daysForEntry(entry);
  const trimmed = entry.trim();
  return /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : undefined;
}

export type RetentionChange = { field: RetentionField; before: string; after: string; days: number };

/**
 * The data-saving values a save would shorten compared with the saved ones (a smaller number, or a number
 * where the data was kept): the form asks before saving them, since the next nightly run deletes what is older.
 */
export function shortenedRetention(
  saved: Readonly<Record<string, string>>,
  draft: Readonly<Record<string, string>>,
  fields: readonly string[],
): RetentionChange[] {
  return RETENTION_FIELDS.filter((field) => fields.includes(field))
    .filter((field) => isRetentionShortened(saved[field] ?? '', draft[field] ?? ''))
    .map((field) => ({ field, before: saved[field]!.trim(), after: draft[field]!.trim(), days: retentionDays(field, draft[field]!)! }));
}

/** The i18n key of each data-saving field's label. */
export const RETENTION_LABELS: Record<RetentionField, string> = {
  dataSavingExpertMonths: 'admin.org.retention.expertMonths',
  dataSavingAdminMonths: 'admin.org.retention.adminMonths',
  dataSavingPatientDays: 'admin.org.retention.patientDays',
};
