/** Spec §4 'Chat-code expiry presets'. */
export const CHAT_CODE_EXPIRY_PRESETS = ['today', 'endOfYear', 'sixMonthsFromNow', 'oneYearFromNow', 'noExpirationDate'] as const;
export type ChatCodeExpiryPreset = (typeof CHAT_CODE_EXPIRY_PRESETS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** `months` later on the same day of the month, or the month's last day when it is shorter (31 Aug + 6 → 28/29 Feb). */
export function addMonthsClamped(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/**
 * The last valid day (`YYYY-MM-DD`) of a chat code group for an expiry preset (spec §4), counted from today's
 * date in the service's time zone; null for `noExpirationDate`. Codes stay valid through the whole of that day.
 * One rule for both sides: the server stores this date, and the admin sees the same date beside each preset.
 */
export function expiryDateForPreset(preset: ChatCodeExpiryPreset, today: string): string | null {
  switch (preset) {
    case 'today':
      return today;
    case 'endOfYear':
      return `${today.slice(0, 4)}-12-31`;
    case 'sixMonthsFromNow':
      return addMonthsClamped(today, 6);
    case 'oneYearFromNow':
      return addMonthsClamped(today, 12);
    case 'noExpirationDate':
      return null;
  }
}
