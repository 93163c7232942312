import type { ChatTexts, Localized, OrganisationContent } from '@prsp/contracts';

const same = (text: string): Localized => ({ fi: text, se: text, en: text });

/**
 * What a new organisation starts with: real, sensible texts in every language that admins then adapt, each naming
 * the organisation by its name in that language (Vantaa / Vanda; one name for all when given one).
 */
export function defaultOrganisationContent(organisationName: string | Localized): OrganisationContent {
  const name = typeof organisationName === 'string' ? same(organisationName) : organisationName;
  return {
    termsAndConditionsText: {
      fi: `<h2>Käyttöehdot</h2><p>${name.fi} tarjoaa etävastaanoton, jossa asioit terveydenhuollon ammattilaisten kanssa chatissa tai videolla.</p><ul><li>Palvelu ei ole tarkoitettu kiireellisiin tilanteisiin. Hätätilanteessa soita 112.</li><li>Tietosi käsitellään potilastietoina terveydenhuollon lainsäädännön mukaisesti.</li><li>Asiointi tallentuu potilasasiakirjoihin.</li></ul>`,
      se: `<h2>Användarvillkor</h2><p>${name.se} erbjuder en distansmottagning där du sköter ärenden med yrkesutbildade personer inom hälso- och sjukvården i chatt eller på video.</p><ul><li>Tjänsten är inte avsedd för brådskande fall. Ring 112 i nödsituationer.</li><li>Dina uppgifter behandlas som patientuppgifter enligt lagstiftningen om hälso- och sjukvård.</li><li>Ärendena sparas i patientjournalen.</li></ul>`,
      en: `<h2>Terms of use</h2><p>${name.en} offers a remote reception where you deal with healthcare professionals in chat or on video.</p><ul><li>The service is not meant for emergencies. In an emergency call 112.</li><li>Your data is processed as patient data under healthcare legislation.</li><li>Your visits are recorded in your patient records.</li></ul>`,
    },
    termsAndConditionsMoreLink: null,
    cookiePolicyLink: null,
    serviceInfo: {
      // Each service card shows its queue's hours today (issue 29): the welcome promises no hours of its own.
      fi: `Tervetuloa ${name.fi} -palveluun.\nPalvelujen aukioloajat näet kunkin palvelun kohdalta.\nKiireellisissä asioissa soita 112.`,
      se: `Välkommen till ${name.se}.\nTjänsternas öppettider ser du vid varje tjänst.\nI brådskande fall ring 112.`,
      en: `Welcome to ${name.en}.\nEach service shows its opening hours.\nIn an emergency call 112.`,
    },
    chatCodesInfo: {
      fi: '<p>Chat-koodin saat ammattilaiselta, joka on sopinut kanssasi etäasioinnista.</p>',
      se: '<p>Chattkoden får du av yrkespersonen som har kommit överens med dig om distansbesöket.</p>',
      en: '<p>You get a chat code from the professional who agreed the remote visit with you.</p>',
    },
    thankYouText: { fi: 'Kiitos asioinnista!', se: 'Tack för besöket!', en: 'Thank you for your visit!' },
    redirectionLinks: { fi: [], se: [], en: [] },
    redirectionLinksHeadline: { fi: 'Tarvitsetko lisää apua?', se: 'Behöver du mer hjälp?', en: 'Need more help?' },
    redirectionLinksSecond: { fi: [], se: [], en: [] },
    redirectionLinksHeadlineSecond: { fi: 'Hyödyllisiä linkkejä', se: 'Nyttiga länkar', en: 'Useful links' },
    redirectionButtons: [],
    redirectionSelectedButtons: [],
    redirectionPrimaryButtons: [],
    bookingConfirmedText: { fi: 'Aikasi on varattu.', se: 'Din tid är bokad.', en: 'Your appointment is booked.' },
    bookingConfirmedLink: null,
    asyncMessagingFrontPage: same(''),
    asyncMessagingNewMessageBanner: same(''),
    questionnaire: [],
    privacyStatementUrl: {
      fi: { url: '', name: 'Tietosuojaseloste' },
      se: { url: '', name: 'Dataskyddsbeskrivning' },
      en: { url: '', name: 'Privacy statement' },
    },
    chatTexts: defaultChatTexts(name),
  };
}

/** The chat page's texts (plain text): how the chat works, what the service is, waiting in the queue, a closed queue. */
function defaultChatTexts(name: Localized): ChatTexts {
  return {
    help: {
      fi: 'Kirjoita viestisi tekstikenttään ja lähetä se. Voit liittää mukaan kuvan tai PDF-tiedoston (enintään 10 Mt).\nAmmattilainen vastaa, kun on vuorosi. Pidä sivu auki: paikkasi jonossa säilyy, vaikka yhteys katkeaisi hetkeksi.\nKun asia on hoidettu, voit lopettaa keskustelun ja antaa palautetta.',
      se: 'Skriv ditt meddelande i textfältet och skicka det. Du kan bifoga en bild eller en PDF-fil (högst 10 MB).\nEn yrkesperson svarar när det är din tur. Håll sidan öppen: din plats i kön finns kvar även om förbindelsen bryts en stund.\nNär ärendet är klart kan du avsluta samtalet och ge respons.',
      en: 'Type your message in the text field and send it. You can attach a picture or a PDF file (at most 10 MB).\nA professional answers when it is your turn. Keep the page open: your place in the queue is kept even if the connection drops for a moment.\nWhen your matter is dealt with, you can end the chat and give feedback.',
    },
    info: {
      fi: `Chatissa asioit ${name.fi} -palvelun terveydenhuollon ammattilaisen kanssa.\nKeskustelu tallentuu potilasasiakirjoihisi.\nPalvelu ei ole tarkoitettu kiireellisiin tilanteisiin. Hätätilanteessa soita 112.`,
      se: `I chatten sköter du ärenden med en yrkesperson inom hälso- och sjukvården på ${name.se}.\nSamtalet sparas i din patientjournal.\nTjänsten är inte avsedd för brådskande fall. Ring 112 i nödsituationer.`,
      en: `In the chat you deal with a healthcare professional of ${name.en}.\nThe conversation is recorded in your patient records.\nThe service is not meant for emergencies. In an emergency call 112.`,
    },
    waiting: {
      fi: 'Olet jonossa. Ammattilainen ottaa keskustelun vastaan niin pian kuin mahdollista.\nPidä sivu auki: keskustelu alkaa tässä, kun on vuorosi.',
      se: 'Du står i kö. En yrkesperson tar emot samtalet så snart som möjligt.\nHåll sidan öppen: samtalet börjar här när det är din tur.',
      en: 'You are in the queue. A professional will take your chat as soon as possible.\nKeep this page open: the chat starts here when it is your turn.',
    },
    closed: {
      fi: 'Chat on nyt suljettu. Katso palvelun aukioloajat ja yritä uudelleen aukioloaikana.\nKiireellisissä asioissa ota yhteyttä terveysasemaan tai päivystykseen. Hätätilanteessa soita 112.',
      se: 'Chatten är stängd just nu. Se tjänstens öppettider och försök igen när den är öppen.\nI brådskande fall kontakta hälsostationen eller jouren. Ring 112 i nödsituationer.',
      en: 'The chat is closed now. Check the opening hours of the service and try again when it is open.\nFor urgent matters contact your health centre or the emergency clinic. In an emergency call 112.',
    },
  };
}
