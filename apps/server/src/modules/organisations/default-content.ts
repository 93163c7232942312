import type { Localized, OrganisationContent } from '@prsp/contracts';

const same = (text: string): Localized => ({ fi: text, se: text, en: text });

/** What a new organisation starts with: real, sensible texts in every language that admins then adapt. */
export function defaultOrganisationContent(organisationName: string): OrganisationContent {
  return {
    termsAndConditionsText: {
      fi: `<h2>Käyttöehdot</h2><p>${organisationName} tarjoaa etävastaanoton, jossa asioit terveydenhuollon ammattilaisten kanssa chatissa tai videolla.</p><ul><li>Palvelu ei ole tarkoitettu kiireellisiin tilanteisiin. Hätätilanteessa soita 112.</li><li>Tietosi käsitellään potilastietoina terveydenhuollon lainsäädännön mukaisesti.</li><li>Asiointi tallentuu potilasasiakirjoihin.</li></ul>`,
      se: `<h2>Användarvillkor</h2><p>${organisationName} erbjuder en distansmottagning där du sköter ärenden med yrkesutbildade personer inom hälso- och sjukvården i chatt eller på video.</p><ul><li>Tjänsten är inte avsedd för brådskande fall. Ring 112 i nödsituationer.</li><li>Dina uppgifter behandlas som patientuppgifter enligt lagstiftningen om hälso- och sjukvård.</li><li>Ärendena sparas i patientjournalen.</li></ul>`,
      en: `<h2>Terms of use</h2><p>${organisationName} offers a remote reception where you deal with healthcare professionals in chat or on video.</p><ul><li>The service is not meant for emergencies. In an emergency call 112.</li><li>Your data is processed as patient data under healthcare legislation.</li><li>Your visits are recorded in your patient records.</li></ul>`,
    },
    termsAndConditionsMoreLink: null,
    cookiePolicyLink: null,
    serviceInfo: {
      fi: `Tervetuloa ${organisationName} -palveluun.\nVoit asioida ammattilaisen kanssa arkipäivisin.\nKiireellisissä asioissa soita 112.`,
      se: `Välkommen till ${organisationName}.\nDu kan sköta ärenden med en yrkesperson på vardagar.\nI brådskande fall ring 112.`,
      en: `Welcome to ${organisationName}.\nYou can meet a professional on weekdays.\nIn an emergency call 112.`,
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
  };
}
