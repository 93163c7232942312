import { CHAT_CODE_EXPIRY_PRESETS, type ChatCodeExpiryPreset } from '@prsp/contracts';

/** The service's calendar (spec §1: Finnish organisations), as the server counts 'today'. */
export const SERVICE_TIME_ZONE = 'Europe/Helsinki';

/** Today's date (`YYYY-MM-DD`) in the service's time zone at `now`. */
export function localToday(now: Date, timeZone = SERVICE_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function split(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Adds months and keeps the day, or the month's last day when it has fewer (31 Aug + 6 → 28/29 Feb). */
export function addMonthsClamped(date: string, months: number): string {
  const [y, m, d] = split(date);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/**
 * The last valid day each preset of spec §4 gives, counted from today (null: no expiry). The same rule as the
 * server's, so the date the admin sees beside a preset is the one the codes will have.
 */
export function presetExpiryDate(preset: ChatCodeExpiryPreset, today: string): string | null {
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

export const EXPIRY_CHOICES = [...CHAT_CODE_EXPIRY_PRESETS, 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/**
 * Spec §5 'Chat code group': a correct start date and expiry date, past dates not allowed. Dates compare
 * as text because `YYYY-MM-DD` sorts in calendar order.
 */
export function chatCodeDateErrors(
  input: { startDate: string; choice: ExpiryChoice; expiryDate: string },
  today: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  if (!isDate(input.startDate)) errors.startDate = 'date';
  else if (input.startDate < today) errors.startDate = 'pastDate';
  if (input.choice === 'date') {
    if (!input.expiryDate) errors.expiryDate = 'required';
    else if (!isDate(input.expiryDate)) errors.expiryDate = 'date';
    else if (input.expiryDate < today) errors.expiryDate = 'pastDate';
    else if (isDate(input.startDate) && input.expiryDate < input.startDate) errors.expiryDate = 'expiryBeforeStart';
  }
  return errors;
}
