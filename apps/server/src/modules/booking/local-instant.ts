import { atLocalTime, isLocalDate, SERVICE_TIME_ZONE } from '@prsp/contracts';
import { throwIfFieldIssues } from '../../platform/field-errors';

/** A time the schema accepted as `HH:MM` on a date it accepted as `YYYY-MM-DD`, as an instant (field error if no such day). */
export function localInstant(date: string, time: string, field = 'date'): Date {
  if (!isLocalDate(date)) throwIfFieldIssues([{ field, key: 'date' }]);
  const [h, m] = time.split(':').map(Number);
  return atLocalTime(date, h!, m!, SERVICE_TIME_ZONE);
}
