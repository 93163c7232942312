/**
 * Identity codes of the built-in provider's test persons (stand-ins/test-idp/test-persons.ts), by first name,
 * for the patient-side and act-on-behalf tests. Aino may act for her children Lilja and Elias in the test
 * mandate service, Matti for Helmi.
 */
export const AINO = '010190-124N';
export const MATTI = '150375-257R';
export const SARA = '171185X584L';
export const HELMI = '230450Y302P';
export const LILJA = '120315A456R';
export const ELIAS = '050623B3498';

/** Codes of `randomIdentityCode` count on from a random start, so that a process never draws one twice. */
let drawn = Math.floor(Math.random() * 28 * 12 * 100 * 100);

/**
 * A valid identity code no test person has, different on every call: a birth date in the 1900s and an individual
 * number from 900 to 999 (the range kept for temporary codes), with its check character.
 */
export function randomIdentityCode(): string {
  const n = drawn++ % (28 * 12 * 100 * 100);
  const parts = [1 + (n % 28), 1 + (Math.floor(n / 28) % 12), Math.floor(n / 336) % 100];
  const date = parts.map((v) => String(v).padStart(2, '0')).join('');
  const individual = String(900 + (Math.floor(n / 33_600) % 100));
  return `${date}-${individual}${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(date + individual) % 31]}`;
}
