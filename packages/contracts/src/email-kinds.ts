import type { Language } from './languages';

/** One language's built-in text of an e-mail kind. `values` are tag values the sender need not give. */
export type EmailKindText = { title: string; content: string; values?: Readonly<Record<string, string>> };

export type EmailKindDefinition = {
  /** The tags (`{{name}}`) this kind fills in; any other `{{…}}` stays as written. */
  tags: readonly string[];
  /** Tags the content must contain, or the e-mail is useless (a registration without its link): a template without one is refused. */
  requiredTags: readonly string[];
  defaults: Readonly<Record<Language, EmailKindText>>;
};

const PERSON = ['firstName', 'lastName', 'organisationName'] as const;

/**
 * Every e-mail the product sends, with its tags and built-in texts (spec §3 'E-mail template').
 * Adding a kind is one entry here: the admin list, the editor's tag list, validation and sending follow.
 * Content is plain text with tags: blank lines separate paragraphs in the HTML part.
 */
export const EMAIL_KINDS = {
  registration: {
    tags: [...PERSON, 'link', 'validFor'],
    requiredTags: ['link'],
    defaults: {
      fi: {
        title: 'Aseta salasanasi – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nsinulle on luotu käyttäjätunnus palveluun {{organisationName}}. Aseta salasanasi alla olevasta linkistä:\n\n{{link}}\n\nLinkki on voimassa {{validFor}} ja sen voi käyttää vain kerran. Jos linkki on vanhentunut, pyydä ylläpitäjää lähettämään uusi.\n\nTämä on automaattinen viesti, älä vastaa siihen.',
        values: { validFor: '24 tuntia' },
      },
      se: {
        title: 'Ställ in ditt lösenord – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nett användarkonto har skapats åt dig i tjänsten {{organisationName}}. Ställ in ditt lösenord via länken nedan:\n\n{{link}}\n\nLänken är giltig i {{validFor}} och kan användas endast en gång. Om länken har gått ut, be administratören skicka en ny.\n\nDetta är ett automatiskt meddelande, svara inte på det.',
        values: { validFor: '24 timmar' },
      },
      en: {
        title: 'Set your password – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\na user account has been created for you in {{organisationName}}. Set your password using the link below:\n\n{{link}}\n\nThe link is valid for {{validFor}} and can be used only once. If the link has expired, ask your administrator to send a new one.\n\nThis is an automatic message, please do not reply.',
        values: { validFor: '24 hours' },
      },
    },
  },
  passwordReset: {
    tags: [...PERSON, 'link', 'validFor'],
    requiredTags: ['link'],
    defaults: {
      fi: {
        title: 'Salasanan vaihtaminen – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nsaimme pyynnön vaihtaa salasanasi. Aseta uusi salasana alla olevasta linkistä:\n\n{{link}}\n\nLinkki on voimassa {{validFor}} ja sen voi käyttää vain kerran. Jos et pyytänyt salasanan vaihtamista, voit jättää tämän viestin huomiotta; salasanasi pysyy ennallaan.\n\nTämä on automaattinen viesti, älä vastaa siihen.',
        values: { validFor: '30 minuuttia' },
      },
      se: {
        title: 'Byte av lösenord – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nvi har fått en begäran om att byta ditt lösenord. Ställ in ett nytt lösenord via länken nedan:\n\n{{link}}\n\nLänken är giltig i {{validFor}} och kan användas endast en gång. Om du inte begärde ett byte av lösenord kan du lämna detta meddelande utan åtgärd; ditt lösenord förblir oförändrat.\n\nDetta är ett automatiskt meddelande, svara inte på det.',
        values: { validFor: '30 minuter' },
      },
      en: {
        title: 'Reset your password – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nwe received a request to reset your password. Set a new password using the link below:\n\n{{link}}\n\nThe link is valid for {{validFor}} and can be used only once. If you did not ask to reset your password, you can ignore this message; your password stays unchanged.\n\nThis is an automatic message, please do not reply.',
        values: { validFor: '30 minutes' },
      },
    },
  },
} as const satisfies Record<string, EmailKindDefinition>;

export type EmailTemplateKind = keyof typeof EMAIL_KINDS;
