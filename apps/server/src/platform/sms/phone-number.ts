/**
 * A mobile number in the international form gateways take (`+358401234567`), or null when it cannot be one.
 * Spaces, dashes, dots and brackets are dropped; `00` starts an international number; a number starting with a
 * single `0` is Finnish (country code 358, the leading 0 dropped).
 */
export function toInternationalNumber(raw: string | null | undefined, countryCode = '358'): string | null {
  if (!raw) return null;
  let n = raw.replace(/[\s\-().\u00a0]/g, '');
  if (n.startsWith('00')) n = `+${n.slice(2)}`;
  else if (/^0[1-9]/.test(n)) n = `+${countryCode}${n.slice(1)}`;
  return /^\+[1-9][0-9]{6,14}$/.test(n) ? n : null;
}
