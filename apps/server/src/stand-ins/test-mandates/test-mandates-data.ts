import { TEST_PERSONS, type TestPerson } from '../test-idp/test-persons';

/**
 * Who may act for whom in the built-in test mandate service (identity codes of the test persons):
 * Aino Virtanen for her children Lilja and Elias; Matti Korhonen for Helmi Laine. Everyone else has none.
 */
export const TEST_MANDATES: Readonly<Record<string, readonly string[]>> = {
  '010190-124N': ['120315A456R', '050623B3498'],
  '150375-257R': ['230450Y302P'],
};

/** The principals a delegate may choose from, with their names. */
export function principalsOf(delegateSsn: string): TestPerson[] {
  const codes = TEST_MANDATES[delegateSsn] ?? [];
  return TEST_PERSONS.filter((p) => codes.includes(p.ssn));
}

/** Whether the delegate holds a mandate for the principal. */
export function hasMandate(delegateSsn: string, principalSsn: string): boolean {
  return (TEST_MANDATES[delegateSsn] ?? []).includes(principalSsn);
}

/** The display name the service gives for a person: given names first, as the test persons are written. */
export function displayName(ssn: string): string {
  const person = TEST_PERSONS.find((p) => p.ssn === ssn);
  return person ? `${person.givenName} ${person.familyName}` : 'Testi Henkilö';
}
