import type { ChatCodeExpiryPreset } from '@prsp/contracts';
import { addMonthsClamped, endOfYear, type LocalDate } from '../../platform/time/local-date';

/**
 * The last valid day of a chat code group for an expiry preset (spec §4), counted from today's date in the
 * service's time zone; null for `noExpirationDate`. Codes stay valid through the whole of that day.
 */
export function expiryDateForPreset(preset: ChatCodeExpiryPreset, today: LocalDate): LocalDate | null {
  switch (preset) {
    case 'today':
      return today;
    case 'endOfYear':
      return endOfYear(today);
    case 'sixMonthsFromNow':
      return addMonthsClamped(today, 6);
    case 'oneYearFromNow':
      return addMonthsClamped(today, 12);
    case 'noExpirationDate':
      return null;
  }
}
