import { CHAT_CODE_EXPIRY_PRESETS } from '@prsp/contracts';

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

/**
 * The same rules when a stored group is corrected (issue 28): a start or expiry date left as stored may already
 * be past (the codes have been valid since), only a changed one is checked against today.
 */
export function correctedDateErrors(
  input: { startDate: string; choice: ExpiryChoice; expiryDate: string },
  stored: { startDate: string; expiryDate: string | null },
  today: string,
): Record<string, string> {
  const errors = chatCodeDateErrors(input, today);
  if (input.startDate === stored.startDate && errors.startDate === 'pastDate') delete errors.startDate;
  if (input.choice === 'date' && input.expiryDate === stored.expiryDate && errors.expiryDate === 'pastDate') delete errors.expiryDate;
  return errors;
}
