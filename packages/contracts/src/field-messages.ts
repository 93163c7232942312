import { ERROR_CATALOGUE } from './errors';
import {
  TEMPLATE_MESSAGES,
  RETENTION_MESSAGES,
  ADMINISTRATION_MESSAGES,
  SIGN_IN_MESSAGES,
  WEBHOOK_MESSAGES,
} from './field-messages-by-area';
import type { Language } from './languages';
import { QUICK_REPLY_MESSAGES } from './quick-replies';

/** Message keys of field validation, shared by the server's answers and the web forms: the general ones, then each area's. */
export const FIELD_MESSAGES = {
  required: { fi: 'Pakollinen kenttä.', se: 'Obligatoriskt fält.', en: 'This field is required.' },
  invalid: { fi: 'Virheellinen arvo.', se: 'Ogiltigt värde.', en: 'Invalid value.' },
  invalidSsn: ERROR_CATALOGUE[105].messages,
  tooLong: { fi: 'Arvo on liian pitkä.', se: 'Värdet är för långt.', en: 'The value is too long.' },
  controlCharacters: {
    fi: 'Tekstissä on merkkejä, joita ei voi käyttää (ohjaus- tai muotoilumerkkejä).',
    se: 'Texten innehåller tecken som inte är tillåtna (styr- eller formateringstecken).',
    en: 'The text contains characters that are not allowed (control or formatting characters).',
  },
  ...TEMPLATE_MESSAGES,
  ...RETENTION_MESSAGES,
  ...ADMINISTRATION_MESSAGES,
  ...SIGN_IN_MESSAGES,
  ...WEBHOOK_MESSAGES,
  ...QUICK_REPLY_MESSAGES,
} as const satisfies Record<string, Record<Language, string>>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;
