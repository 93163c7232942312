import type { Language } from './languages';

type Entry = { http: number; key: string; messages: Record<Language, string> };

/**
 * The error catalogue of spec §8, plus the plain HTTP failures every API has.
 * `statusCode` in an error answer is the key of this table; `errorKey` is `key`,
 * which the web app looks up in its own catalogues; `message` is the text below
 * in the request's language, for clients that show it as is.
 */
export const ERROR_CATALOGUE = {
  101: {
    http: 401,
    key: 'errors.notAuthenticated',
    messages: {
      fi: 'Et ole kirjautunut tai istuntosi on vanhentunut.',
      se: 'Du är inte inloggad eller din session har gått ut.',
      en: 'Not authenticated or the session has expired.',
    },
  },
  102: {
    http: 429,
    key: 'errors.signInLockedOut',
    messages: {
      fi: 'Liian monta epäonnistunutta kirjautumisyritystä. Kirjautuminen on suljettu 15 minuutiksi; yritä uudelleen myöhemmin.',
      se: 'För många misslyckade inloggningsförsök. Inloggningen är stängd i 15 minuter; försök igen senare.',
      en: 'Too many failed sign-in attempts. Sign-in is closed for 15 minutes; try again later.',
    },
  },
  105: {
    http: 400,
    key: 'errors.invalidSsn',
    messages: {
      fi: 'Henkilötunnus ei ole kelvollinen.',
      se: 'Personbeteckningen är inte giltig.',
      en: 'The personal identity code is not valid.',
    },
  },
  201: {
    http: 400,
    key: 'errors.codeNotValid',
    messages: { fi: 'Koodi ei ole kelvollinen.', se: 'Koden är inte giltig.', en: 'The code is not valid.' },
  },
  202: {
    http: 400,
    key: 'errors.codeNotOpenYet',
    messages: {
      fi: 'Koodia ei voi vielä avata, tarkista päivä ja kellonaika.',
      se: 'Koden kan inte öppnas ännu, kontrollera datum och tid.',
      en: 'The code cannot be opened yet, check the date and time.',
    },
  },
  203: {
    http: 400,
    key: 'errors.codeExpired',
    messages: { fi: 'Koodi on vanhentunut.', se: 'Koden har gått ut.', en: 'The code has expired.' },
  },
  204: {
    http: 409,
    key: 'errors.codeUsed',
    messages: { fi: 'Koodi on jo käytetty.', se: 'Koden har redan använts.', en: 'The code has already been used.' },
  },
  422: {
    http: 409,
    key: 'errors.timeslotTaken',
    messages: { fi: 'Valittu aika on jo varattu.', se: 'Den valda tiden är redan bokad.', en: 'The selected timeslot is already booked.' },
  },
  423: {
    http: 400,
    key: 'errors.timeslotPast',
    messages: { fi: 'Ajan täytyy olla tulevaisuudessa.', se: 'Tiden måste vara i framtiden.', en: 'The timeslot must be in the future.' },
  },
  500: {
    http: 500,
    key: 'errors.processing',
    messages: {
      fi: 'Käsittelyssä tapahtui virhe. Yritä myöhemmin uudelleen.',
      se: 'Ett fel uppstod. Försök igen senare.',
      en: 'Something went wrong. Please try again later.',
    },
  },
  501: {
    http: 400,
    key: 'errors.noMatchingArea',
    messages: { fi: 'Sopivaa aluetta ei löytynyt.', se: 'Inget matchande område hittades.', en: 'No matching area was found.' },
  },
  601: {
    http: 404,
    key: 'errors.adminNotFound',
    messages: { fi: 'Ylläpitäjää ei ole olemassa.', se: 'Administratören finns inte.', en: 'The admin user does not exist.' },
  },
  602: {
    http: 403,
    key: 'errors.noRightToResetPassword',
    messages: {
      fi: 'Sinulla ei ole oikeutta nollata käyttäjän salasanaa.',
      se: 'Du har inte rätt att återställa användarens lösenord.',
      en: 'Not enough rights to reset the user password.',
    },
  },
  607: {
    http: 403,
    key: 'errors.adminNotActive',
    messages: { fi: 'Ylläpitäjä ei ole aktiivinen.', se: 'Administratören är inte aktiv.', en: 'The admin user is not active.' },
  },
  801: {
    http: 400,
    key: 'errors.passwordLinkInvalid',
    messages: {
      fi: 'Salasanalinkki on vanhentunut tai virheellinen.',
      se: 'Länken för lösenord har gått ut eller är felaktig.',
      en: 'The password link has expired or is wrong.',
    },
  },
  802: {
    http: 400,
    key: 'errors.passwordWeak',
    messages: {
      fi: 'Salasana ei ole riittävän vahva (pieniä ja isoja kirjaimia sekä numeroita).',
      se: 'Lösenordet är inte tillräckligt starkt (små och stora bokstäver och siffror).',
      en: 'The password is not strong enough (small and big letters and digits).',
    },
  },
  1001: {
    http: 502,
    key: 'errors.chatUserCreateFailed',
    messages: {
      fi: 'Käyttäjän luominen chat-palveluun epäonnistui.',
      se: 'Det gick inte att skapa användaren i chatten.',
      en: 'Creating the user in the chat platform failed.',
    },
  },
  1002: {
    http: 502,
    key: 'errors.chatOrganisationAddFailed',
    messages: {
      fi: 'Asiantuntijan lisääminen chat-organisaatioon epäonnistui.',
      se: 'Det gick inte att lägga till experten i chattorganisationen.',
      en: 'Adding the expert to the chat organisation failed.',
    },
  },
  1003: {
    http: 409,
    key: 'errors.emailInUseCannotAttach',
    messages: {
      fi: 'Sähköposti on jo käytössä, eikä sitä voi liittää olemassa olevaan käyttäjään.',
      se: 'E-postadressen används redan och kan inte kopplas till en befintlig användare.',
      en: 'The e-mail is already in use and cannot be attached to an existing user.',
    },
  },
  1004: {
    http: 502,
    key: 'errors.chatMeetingAddFailed',
    messages: {
      fi: 'Asiantuntijan lisääminen chat-tapaamiseen epäonnistui.',
      se: 'Det gick inte att lägga till experten i chattmötet.',
      en: 'Adding the expert to the chat meeting failed.',
    },
  },
  1005: {
    http: 502,
    key: 'errors.chatMeetingCreateFailed',
    messages: {
      fi: 'Chat-tapaamisen luominen epäonnistui.',
      se: 'Det gick inte att skapa chattmötet.',
      en: 'Creating the chat meeting failed.',
    },
  },
  1006: {
    http: 400,
    key: 'errors.expertMissingChatId',
    messages: { fi: 'Asiantuntijalta puuttuu chat-tunnus.', se: 'Experten saknar chatt-id.', en: 'The expert is missing a chat id.' },
  },
  1007: {
    http: 502,
    key: 'errors.queueCreateFailed',
    messages: { fi: 'Jonon luominen epäonnistui.', se: 'Det gick inte att skapa kön.', en: 'Creating the queue failed.' },
  },
  1100: {
    http: 409,
    key: 'errors.emailInUse',
    messages: { fi: 'Sähköposti on jo käytössä.', se: 'E-postadressen används redan.', en: 'The e-mail is already in use.' },
  },
  /** Issue 33: a bulk action's selection changed between its preview and its apply (nothing was done). */
  1332: {
    http: 409,
    key: 'errors.bulkSelectionChanged',
    messages: {
      fi: 'Valitut ajat ovat muuttuneet esikatselun jälkeen. Mitään ei muutettu: tarkista esikatselu uudelleen.',
      se: 'De valda tiderna har ändrats efter förhandsvisningen. Inget ändrades: granska förhandsvisningen på nytt.',
      en: 'The selected times have changed since the preview. Nothing was changed: check the preview again.',
    },
  },
  // Plain HTTP failures, answered with their HTTP status as statusCode.
  400: {
    http: 400,
    key: 'errors.validation',
    messages: { fi: 'Tarkista kentät.', se: 'Kontrollera fälten.', en: 'Please check the fields.' },
  },
  403: {
    http: 403,
    key: 'errors.forbidden',
    messages: {
      fi: 'Sinulla ei ole oikeutta tähän toimintoon.',
      se: 'Du har inte behörighet till den här åtgärden.',
      en: 'You are not allowed to do this.',
    },
  },
  404: {
    http: 404,
    key: 'errors.notFound',
    messages: { fi: 'Pyydettyä kohdetta ei löytynyt.', se: 'Det begärda hittades inte.', en: 'The requested item was not found.' },
  },
  /** Issue 32: accepting a chat beyond the expert's limit of chats at once (`experts.max_concurrent_chats`). */
  409: {
    http: 409,
    key: 'errors.chatLimitReached',
    messages: {
      fi: 'Sinulla on jo niin monta avointa keskustelua kuin saat hoitaa kerralla. Päätä jokin niistä ennen kuin otat uuden.',
      se: 'Du har redan så många öppna chattar som du får ha samtidigt. Avsluta någon av dem innan du tar en ny.',
      en: 'You already have as many open chats as you may handle at once. End one of them before you take another.',
    },
  },
  413: {
    http: 413,
    key: 'errors.tooLarge',
    messages: { fi: 'Pyyntö on liian suuri.', se: 'Begäran är för stor.', en: 'The request is too large.' },
  },
  415: {
    http: 415,
    key: 'errors.unsupportedMediaType',
    messages: {
      fi: 'Pyynnön sisällön muotoa ei tueta.',
      se: 'Begärans innehållsformat stöds inte.',
      en: 'The request body is in a form that is not supported.',
    },
  },
  429: {
    http: 429,
    key: 'errors.tooManyRequests',
    messages: {
      fi: 'Liian monta yritystä. Odota hetki ja yritä uudelleen.',
      se: 'För många försök. Vänta en stund och försök igen.',
      en: 'Too many attempts. Wait a moment and try again.',
    },
  },
} as const satisfies Record<number, Entry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(code: number): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}
