import type { Language } from './languages';
import { RETENTION_MINIMUMS } from './retention';

type Messages = Record<string, Record<Language, string>>;

/** E-mail templates: a tag the kind needs. */
export const TEMPLATE_MESSAGES = {
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
} as const satisfies Messages;

/** Data saving: the shortest periods (RETENTION_MINIMUMS, docs/retention.md). */
export const RETENTION_MESSAGES = {
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
} as const satisfies Messages;

/** Organisation administration (services, experts, chat codes). */
export const ADMINISTRATION_MESSAGES = {
  colour: { fi: 'Anna väri muodossa #RRGGBB.', se: 'Ange färgen i formatet #RRGGBB.', en: 'Enter the colour as #RRGGBB.' },
  imageSize: {
    fi: 'Kuvan mittasuhteet ovat väärät (logo kuten 256 × 128 px, tausta kuten 1900 × 1080 px).',
    se: 'Bilden har fel proportioner (logotyp som 256 × 128 px, bakgrund som 1900 × 1080 px).',
    en: 'The image has the wrong proportions (logo as 256 × 128 px, background as 1900 × 1080 px).',
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
  attachmentPixels: {
    fi: 'Kuva on liian suuri (enintään 40 megapikseliä).',
    se: 'Bilden är för stor (högst 40 megapixlar).',
    en: 'The image is too large (at most 40 megapixels).',
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
  chatQueue: { fi: 'Valitse kelvollinen chat-jono.', se: 'Välj en giltig chattkö.', en: 'Choose a valid chat queue.' },
  hoursOverlap: {
    fi: 'Aika menee päällekkäin saman päivän toisen aukioloajan kanssa.',
    se: 'Tiden överlappar en annan öppettid samma dag.',
    en: 'These hours overlap other opening hours of the same day.',
  },
  exportTooLarge: {
    fi: 'Haku löytää yli 50 000 riviä: rajaa sitä (päivät, henkilö, potilas tai toiminto) ladataksesi sen.',
    se: 'Sökningen hittar över 50 000 rader: avgränsa den (dagar, person, patient eller åtgärd) för att ladda ner den.',
    en: 'The search finds more than 50,000 rows: narrow it (days, staff member, patient or action) to download it.',
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
} as const satisfies Messages;

/** Guest sign-in (spec §5 'Guest login: PIN exactly 6 digits', the malformed PIN message). */
export const SIGN_IN_MESSAGES = {
  pin: { fi: 'PIN-koodissa on oltava 6 numeroa.', se: 'PIN-koden ska ha 6 siffror.', en: 'The PIN code must be 6 digits.' },
  passwordMismatch: { fi: 'Salasanat eivät täsmää.', se: 'Lösenorden matchar inte.', en: 'The passwords do not match.' },
  currentPasswordWrong: {
    fi: 'Nykyinen salasana on väärin.',
    se: 'Det nuvarande lösenordet är fel.',
    en: 'The current password is wrong.',
  },
} as const satisfies Messages;

/** Webhooks (docs/webhooks.md) and FHIR API clients (docs/fhir.md). */
export const WEBHOOK_MESSAGES = {
  apiClientScopes: {
    fi: 'Valitse vähintään yksi tietotyyppi.',
    se: 'Välj minst en informationstyp.',
    en: 'Choose at least one resource type.',
  },
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
} as const satisfies Messages;
