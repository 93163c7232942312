import type { Language, PatientConfig } from '@prsp/contracts';

/** The organisation's name in the shown language (Vantaa / Vanda): the server fills in the Finnish one where it has none. */
export function organisationNameIn(config: PatientConfig, lang: Language): string {
  return config.names[lang] || config.name;
}
