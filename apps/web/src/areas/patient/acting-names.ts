import type { ActOnBehalf } from '@prsp/contracts';

/** An i18n key with the name it needs, ready for `t(...ref)`. */
type TextRef = [key: string, values?: { name: string }];

/**
 * A text about the patient's own affairs: `key` ('Sinulla ei ole …'), or while acting for someone `${key}Acting`,
 * which speaks to the parent about the person acted for by their whole name, without inflecting it
 * ('Henkilöllä Elias Esimerkki ei ole …').
 */
export function aboutPatient(key: string, actingFor: ActOnBehalf | null | undefined): TextRef {
  const acted = actingFor?.name.trim();
  return acted ? [`${key}Acting`, { name: acted }] : [key];
}

/**
 * The landing's heading and empty-activity text. While acting for someone the heading says whom the parent acts
 * for ('Asioit henkilön Elias Esimerkki puolesta'); otherwise it greets the signed-in person by first name.
 */
export function landingTexts(
  ownFirstName: string | undefined,
  actingFor: ActOnBehalf | null | undefined,
): { heading: TextRef; noActivity: TextRef } {
  const noActivity = aboutPatient('landing.noActivity', actingFor);
  const acted = noActivity[1]?.name;
  if (acted) return { heading: ['landing.actingFor', { name: acted }], noActivity };
  return { heading: ownFirstName ? ['landing.greeting', { name: ownFirstName }] : ['landing.greetingNoName'], noActivity };
}
