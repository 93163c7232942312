import { DAYS_PER_MONTH, type DataSaving } from '@prsp/contracts';
import type { RetentionDays } from './organisations.tables';

/** Spec §5 'Data saving': a value entered in months is kept as days, months × 30.437 rounded. */
export function monthsToDays(months: number): number {
  return Math.round(months * DAYS_PER_MONTH);
}

/** The months an admin entered, recovered from the stored days (exact for every whole number of months). */
export function daysToMonths(days: number): number {
  return Math.round(days / DAYS_PER_MONTH);
}

/**
 * The stored retention from what the admin entered: experts and admins in months become days,
 * patients' days stay as entered (spec §5). Null keeps data without limit.
 */
export function retentionFromDataSaving(input: DataSaving): RetentionDays {
  return {
    expertDays: input.expertMonths === null ? null : monthsToDays(input.expertMonths),
    adminDays: input.adminMonths === null ? null : monthsToDays(input.adminMonths),
    patientDays: input.patientDays,
  };
}

/** What the data saving form shows for stored retention: the inverse of `retentionFromDataSaving`. */
export function dataSavingFromRetention(retention: RetentionDays): DataSaving {
  return {
    expertMonths: retention.expertDays === null ? null : daysToMonths(retention.expertDays),
    adminMonths: retention.adminDays === null ? null : daysToMonths(retention.adminDays),
    patientDays: retention.patientDays,
  };
}
