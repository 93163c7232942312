import type { ActOnBehalf } from '@prsp/contracts';

/**
 * The given names in a display name from the mandate service ('Lilja Maria Virtanen' → 'Lilja Maria'): the last
 * word is the family name, as the server splits it when it stores the person (double-barrelled names are hyphenated).
 */
export function givenNamesOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  return words.length < 2 ? (words[0] ?? '') : words.slice(0, -1).join(' ');
}

/** Whom the landing greets: the person acted for while acting on someone's behalf, else the signed-in person. */
export function greetingName(ownFirstName: string | undefined, actingFor: ActOnBehalf | null | undefined): string | undefined {
  if (actingFor) return givenNamesOf(actingFor.name) || undefined;
  return ownFirstName || undefined;
}
