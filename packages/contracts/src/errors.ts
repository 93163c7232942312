import type { Language } from './languages';
import { RETENTION_MINIMUMS } from './retention';

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
  413: {
    http: 413,
    key: 'errors.tooLarge',
    messages: { fi: 'Pyyntö on liian suuri.', se: 'Begäran är för stor.', en: 'The request is too large.' },
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

/** Message keys of field validation, shared by the server's answers and the web forms. */
export const FIELD_MESSAGES = {
  required: { fi: 'Pakollinen kenttä.', se: 'Obligatoriskt fält.', en: 'This field is required.' },
  invalid: { fi: 'Virheellinen arvo.', se: 'Ogiltigt värde.', en: 'Invalid value.' },
  invalidSsn: ERROR_CATALOGUE[105].messages,
  tooLong: { fi: 'Arvo on liian pitkä.', se: 'Värdet är för långt.', en: 'The value is too long.' },
  controlCharacters: {
    fi: 'Tekstissä on merkkejä, joita ei voi käyttää (ohjausmerkkejä).',
    se: 'Texten innehåller tecken som inte är tillåtna (styrtecken).',
    en: 'The text contains characters that are not allowed (control characters).',
  },
  // E-mail templates: a tag the kind needs.
  templateLinkMissing: {
    fi: 'Viestistä puuttuu linkki: lisää tekstiin tunniste {{link}}.',
    se: 'Meddelandet saknar länken: lägg till taggen {{link}} i texten.',
    en: 'The message has no link: add the tag {{link}} to the text.',
  },
  templateTagMissing: {
    fi: 'Viestistä puuttuu tunniste, jota tämä viesti tarvitsee.',
    se: 'Meddelandet saknar en tagg som detta meddelande behöver.',
    en: 'The message lacks a tag this e-mail needs.',
  },
  // Data saving: the shortest periods (RETENTION_MINIMUMS, docs/retention.md).
  retentionExpertMinimum: {
    fi: `Vähintään ${RETENTION_MINIMUMS.expertMonths} kuukautta, tai jätä tyhjäksi, jolloin tietoja ei poisteta.`,
    se: `Minst ${RETENTION_MINIMUMS.expertMonths} månader, eller lämna tomt så raderas inga uppgifter.`,
    en: `At least ${RETENTION_MINIMUMS.expertMonths} months, or leave empty to keep the data.`,
  },
  retentionAdminMinimum: {
    fi: `Vähintään ${RETENTION_MINIMUMS.adminMonths} kuukautta, tai jätä tyhjäksi, jolloin tietoja ei poisteta.`,
    se: `Minst ${RETENTION_MINIMUMS.adminMonths} månader, eller lämna tomt så raderas inga uppgifter.`,
    en: `At least ${RETENTION_MINIMUMS.adminMonths} months, or leave empty to keep the data.`,
  },
  retentionPatientMinimum: {
    fi: `Vähintään ${RETENTION_MINIMUMS.patientDays} päivää, tai jätä tyhjäksi, jolloin tietoja ei poisteta.`,
    se: `Minst ${RETENTION_MINIMUMS.patientDays} dagar, eller lämna tomt så raderas inga uppgifter.`,
    en: `At least ${RETENTION_MINIMUMS.patientDays} days, or leave empty to keep the data.`,
  },
  // Organisation administration (services, experts, chat codes).
  colour: { fi: 'Anna väri muodossa #RRGGBB.', se: 'Ange färgen i formatet #RRGGBB.', en: 'Enter the colour as #RRGGBB.' },
  imageSize: {
    fi: 'Kuvan mitat ovat väärät (logo 256 × 128 px, tausta 1900 × 1080 px).',
    se: 'Bilden har fel mått (logotyp 256 × 128 px, bakgrund 1900 × 1080 px).',
    en: 'The image has the wrong size (logo 256 × 128 px, background 1900 × 1080 px).',
  },
  imageType: {
    fi: 'Kuvan on oltava PNG, JPEG tai WebP.',
    se: 'Bilden måste vara PNG, JPEG eller WebP.',
    en: 'The image must be PNG, JPEG or WebP.',
  },
  fileTooLarge: {
    fi: 'Tiedosto on liian suuri (enintään 2 Mt).',
    se: 'Filen är för stor (högst 2 MB).',
    en: 'The file is too large (at most 2 MB).',
  },
  emptyFile: { fi: 'Tiedosto on tyhjä.', se: 'Filen är tom.', en: 'The file is empty.' },
  categoryRequired: {
    fi: 'Valitse kategoria pudotusvalikosta.',
    se: 'Välj kategori i listan.',
    en: 'Select category from dropdown',
  },
  subcategoryRequired: {
    fi: 'Valitse alakategoria pudotusvalikosta.',
    se: 'Välj underkategori i listan.',
    en: 'Select subcategory from dropdown',
  },
  messageRequired: { fi: 'Kirjoita viesti.', se: 'Skriv ett meddelande.', en: 'Put correct message' },
  messageCodeRequired: { fi: 'Anna oikea viestikoodi.', se: 'Ange en korrekt meddelandekod.', en: 'Put correct message code' },
  attachmentType: {
    fi: 'Liitteen on oltava PDF, JPG tai PNG.',
    se: 'Bilagan måste vara PDF, JPG eller PNG.',
    en: 'The attachment must be a PDF, JPG or PNG file.',
  },
  attachmentTooLarge: {
    fi: 'Liite on liian suuri (enintään 10 Mt).',
    se: 'Bilagan är för stor (högst 10 MB).',
    en: 'The attachment is too large (at most 10 MB).',
  },
  attachmentInfected: {
    fi: 'Liitteestä löytyi haittaohjelma, eikä sitä lähetetty.',
    se: 'Ett skadligt program hittades i bilagan, och den skickades inte.',
    en: 'Malware was found in the attachment, and it was not sent.',
  },
  imageCorrupt: {
    fi: 'Kuvatiedosto on vioittunut tai keskeneräinen.',
    se: 'Bildfilen är skadad eller ofullständig.',
    en: 'The image file is damaged or incomplete.',
  },
  url: { fi: 'Anna osoite muodossa https://…', se: 'Ange adressen i formatet https://…', en: 'Enter the address as https://…' },
  date: { fi: 'Virheellinen päivämäärä.', se: 'Ogiltigt datum.', en: 'The date is not valid.' },
  pastDate: {
    fi: 'Mennyt päivämäärä ei ole sallittu.',
    se: 'Ett datum som har passerat är inte tillåtet.',
    en: 'A past date is not allowed.',
  },
  beforeStart: {
    fi: 'Loppuajan on oltava alkuajan jälkeen.',
    se: 'Sluttiden måste vara efter starttiden.',
    en: 'The end must be after the start.',
  },
  duplicate: {
    fi: 'Sama henkilö on valittu jo kerran.',
    se: 'Samma person har redan valts.',
    en: 'The same person is already chosen.',
  },
  duplicateId: {
    fi: 'Tunniste on jo käytössä.',
    se: 'Identifieraren används redan.',
    en: 'This id is already used.',
  },
  surveyOptions: {
    fi: 'Anna vähintään kaksi vastausvaihtoehtoa.',
    se: 'Ange minst två svarsalternativ.',
    en: 'Give at least two answer options.',
  },
  surveyCondition: {
    fi: 'Ehto voi viitata vain aiempaan valinta-, asteikko- tai kasvokysymykseen ja sen arvoihin.',
    se: 'Villkoret kan bara gälla en tidigare val-, skal- eller ansiktsfråga och dess värden.',
    en: 'A condition can only refer to an earlier choice, scale or faces question and its values.',
  },
  surveyQuestions: {
    fi: 'Kyselyssä on oltava vähintään yksi kysymys.',
    se: 'Enkäten måste ha minst en fråga.',
    en: 'The survey needs at least one question.',
  },
  outOfRange: {
    fi: 'Arvo on sallitun alueen ulkopuolella.',
    se: 'Värdet ligger utanför det tillåtna intervallet.',
    en: 'The value is out of the allowed range.',
  },
  answerRequired: {
    fi: 'Sinun on vastattava kaikkiin pakollisiin kysymyksiin.',
    se: 'Du måste svara på alla obligatoriska frågor.',
    en: 'You need to answer all required questions.',
  },
  ssn: {
    fi: 'Henkilötunnus ei ole kelvollinen.',
    se: 'Personbeteckningen är inte giltig.',
    en: 'The personal identity code is not valid.',
  },
  chatId: {
    fi: 'Asiantuntijalla ei ole chat-tunnusta.',
    se: 'Experten saknar chatt-id.',
    en: 'The expert has no chat id.',
  },
  expert: { fi: 'Valitse asiantuntija listasta.', se: 'Välj en expert i listan.', en: 'Choose an expert from the list.' },
  timeslot: {
    fi: 'Valitse vapaa aika tai luo avoimet ajat ensin.',
    se: 'Välj en ledig tid eller skapa öppna tider först.',
    en: 'Choose a free time, or generate open timeslots first.',
  },
  expiryBeforeStart: {
    fi: 'Vanhenemispäivä ei voi olla ennen alkamispäivää.',
    se: 'Utgångsdatumet kan inte vara före startdatumet.',
    en: 'The expiry date cannot be before the start date.',
  },
  chatCredential: {
    fi: 'Tunnuksessa saa olla 8–128 merkkiä: kirjaimia, numeroita, - ja _.',
    se: 'Nyckeln ska ha 8–128 tecken: bokstäver, siffror, - och _.',
    en: 'The key must have 8–128 characters: letters, digits, - and _.',
  },
  chatQueue: { fi: 'Valitse kelvollinen chat-jono.', se: 'Välj en giltig chattkö.', en: 'Choose a valid chat queue.' },
  hoursOverlap: {
    fi: 'Aika menee päällekkäin saman päivän toisen aukioloajan kanssa.',
    se: 'Tiden överlappar en annan öppettid samma dag.',
    en: 'These hours overlap other opening hours of the same day.',
  },
  periodTooLong: {
    fi: 'Jakso voi olla enintään 366 päivää.',
    se: 'Perioden får vara högst 366 dagar.',
    en: 'The period can be at most 366 days.',
  },
  specializations: {
    fi: 'Valitse vähintään yksi erikoisala.',
    se: 'Välj minst en specialisering.',
    en: 'Choose at least one specialization.',
  },
  codeCount: { fi: 'Koodeja on oltava 1–10 000.', se: 'Antalet koder ska vara 1–10 000.', en: 'The number of codes must be 1–10,000.' },
  usesPerCode: {
    fi: 'Käyttökertoja on oltava vähintään yksi.',
    se: 'Minst en användning per kod.',
    en: 'Each code needs at least one use.',
  },
  redirectionButtons: {
    fi: 'Valitse enintään kaksi painiketta, joista yksi ensisijainen.',
    se: 'Välj högst två knappar, varav en primär.',
    en: 'Choose at most two buttons, one of them primary.',
  },
  serviceArea: {
    fi: 'Alueen on kuuluttava organisaation palvelualueeseen.',
    se: 'Området måste höra till organisationens serviceområde.',
    en: 'The area must be part of the organisation’s service area.',
  },
  postalCode: {
    fi: 'Postinumerossa on oltava 5 merkkiä.',
    se: 'Postnumret ska ha 5 tecken.',
    en: 'The postal code must have 5 characters.',
  },
  mobile: {
    fi: 'Matkapuhelinnumero alkaa numerolla tai plusmerkillä, sen jälkeen vain numeroita.',
    se: 'Mobilnumret börjar med en siffra eller ett plustecken, sedan bara siffror.',
    en: 'The mobile number starts with a digit or a plus sign, then digits only.',
  },
  email: { fi: 'Tarkista sähköpostiosoite.', se: 'Kontrollera e-postadressen.', en: 'Please check the e-mail address.' },
  ownContactRequired: {
    fi: 'Tallenna ensin omat yhteystietosi, kun asioit omana itsenäsi.',
    se: 'Spara först dina egna kontaktuppgifter när du agerar som dig själv.',
    en: 'First save your own contact details while acting as yourself.',
  },
  passwordWeak: {
    fi: 'Salasanassa on oltava vähintään 12 merkkiä, numeroita sekä pieniä ja isoja kirjaimia.',
    se: 'Lösenordet ska ha minst 12 tecken, siffror samt små och stora bokstäver.',
    en: 'The password needs at least 12 characters with digits, lower and upper case letters.',
  },
  // Guest sign-in (spec §5 'Guest login: PIN exactly 6 digits', the malformed PIN message).
  pin: { fi: 'PIN-koodissa on oltava 6 numeroa.', se: 'PIN-koden ska ha 6 siffror.', en: 'The PIN code must be 6 digits.' },
  passwordMismatch: { fi: 'Salasanat eivät täsmää.', se: 'Lösenorden matchar inte.', en: 'The passwords do not match.' },
  currentPasswordWrong: {
    fi: 'Nykyinen salasana on väärin.',
    se: 'Det nuvarande lösenordet är fel.',
    en: 'The current password is wrong.',
  },
  // Webhooks (docs/webhooks.md).
  webhookEvents: { fi: 'Valitse vähintään yksi tapahtuma.', se: 'Välj minst en händelse.', en: 'Choose at least one event.' },
  webhookUrl: {
    fi: 'Anna täydellinen https://-alkuinen osoite.',
    se: 'Ange en fullständig adress som börjar med https://.',
    en: 'Enter a full address starting with https://.',
  },
  webhookUrlPrivate: {
    fi: 'Osoite johtaa sisäverkkoon tai tähän palvelimeen; käytä julkista osoitetta.',
    se: 'Adressen leder till ett internt nätverk eller till denna server; använd en offentlig adress.',
    en: 'The address leads to a private network or this server; use a public address.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;
