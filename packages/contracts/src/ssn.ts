/**
 * Finnish personal identity code (henkilötunnus): DDMMYY C NNN K.
 * Century signs: `+` 1800s; `-` `Y` `X` `W` `V` `U` 1900s; `A` `B` `C` `D` `E` `F` 2000s
 * (the letters other than `-` and `A` were added on 1 January 2023).
 * The check character is (DDMMYYNNN mod 31) in the table below.
 */
const CHECK_CHARS = '0123456789ABCDEFHJKLMNPRSTUVWXY';
const CENTURY: Record<string, number> = {
  '+': 1800,
  '-': 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};
const PATTERN = /^(\d{2})(\d{2})(\d{2})([-+ABCDEFUVWXY])(\d{3})([0-9A-Y])$/;

export type SsnFacts = { birthDate: Date; gender: 'male' | 'female' };

/** Parses a code: undefined unless date, century sign, individual number and check character are all valid. */
export function parseSsn(input: string): SsnFacts | undefined {
  const match = PATTERN.exec(input.trim().toUpperCase());
  if (!match) return undefined;
  const [, dd, mm, yy, sign, individual, check] = match as unknown as [string, string, string, string, string, string, string];
  const year = (CENTURY[sign] ?? 0) + Number(yy);
  const month = Number(mm);
  const day = Number(dd);
  const birthDate = new Date(Date.UTC(year, month - 1, day));
  if (birthDate.getUTCFullYear() !== year || birthDate.getUTCMonth() !== month - 1 || birthDate.getUTCDate() !== day) return undefined;
  // Individual numbers 000 and 001 are never issued.
  if (Number(individual) < 2) return undefined;
  if (CHECK_CHARS[Number(dd + mm + yy + individual) % 31] !== check) return undefined;
  return { birthDate, gender: Number(individual) % 2 === 1 ? 'male' : 'female' };
}

export function isValidSsn(input: string): boolean {
  return parseSsn(input) !== undefined;
}

/** Normal form used for storage and hashing: trimmed, upper case. */
export function normalizeSsn(input: string): string {
  return input.trim().toUpperCase();
}

/** Whole years of age on `today` (UTC dates), as the survey connector wants it. */
export function ageOn(birthDate: Date, today: Date): number {
  let age = today.getUTCFullYear() - birthDate.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birthDate.getUTCMonth() ||
    (today.getUTCMonth() === birthDate.getUTCMonth() && today.getUTCDate() < birthDate.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * An identity code with all but its first six characters (the date of birth) hidden, keeping the century sign's
 * place: '010190-123A' becomes '010190-****'. Short or odd codes are hidden whole.
 */
export function maskIdentityCode(code: string): string {
  const visible = code.length > 7 ? 7 : 0;
  return code.slice(0, visible) + code.slice(visible).replace(/\S/g, '*');
}
