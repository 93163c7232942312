/**
 * Fictional people the built-in identity provider offers. Every code is valid (date, century sign,
 * check character); between them they use the signs `-` and `A` and the 2023 signs `X`, `Y` and `B`.
 */
export type TestPerson = { ssn: string; givenName: string; familyName: string; note: string };

export const TEST_PERSONS: readonly TestPerson[] = [
  { ssn: '010190-124N', givenName: 'Aino', familyName: 'Virtanen', note: 'adult, century sign -' },
  { ssn: '150375-257R', givenName: 'Matti', familyName: 'Korhonen', note: 'adult, century sign -' },
  { ssn: '171185X584L', givenName: 'Sara', familyName: 'Lindholm', note: 'adult, 2023 sign X (1900s)' },
  { ssn: '230450Y302P', givenName: 'Helmi', familyName: 'Laine', note: 'senior, 2023 sign Y (1900s)' },
  { ssn: '120315A456R', givenName: 'Lilja', familyName: 'Virtanen', note: 'child of Aino, century sign A' },
  { ssn: '050623B3498', givenName: 'Elias', familyName: 'Virtanen', note: 'child of Aino, 2023 sign B (2000s)' },
];
