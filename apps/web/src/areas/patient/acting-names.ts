import type { ActOnBehalf } from '@prsp/contracts';

/**
 * The landing's heading and empty-activity text as i18n keys with their name. While acting for someone the page
 * speaks to the parent about the person acted for, by their whole name and without inflecting it
 * ('Asioit henkilön Elias Esimerkki puolesta'); otherwise it greets the signed-in person by first name.
 */
export function landingTexts(
  ownFirstName: string | undefined,
  actingFor: ActOnBehalf | null | undefined,
): { heading: [key: string, values?: { name: string }]; noActivity: [key: string, values?: { name: string }] } {
  const acted = actingFor?.name.trim();
  if (acted) return { heading: ['landing.actingFor', { name: acted }], noActivity: ['landing.noActivityActing', { name: acted }] };
  return {
    heading: ownFirstName ? ['landing.greeting', { name: ownFirstName }] : ['landing.greetingNoName'],
    noActivity: ['landing.noActivity'],
  };
}
