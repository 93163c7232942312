import type { Language } from '@prsp/contracts';

/** One value in the three languages, in the order fi, sv (`se`), en. */
type Words = readonly [fi: string, se: string, en: string];

const INDEX: Record<Language, 0 | 1 | 2> = { fi: 0, se: 1, en: 2 };

/**
 * The audit actions a member of staff can leave in the log (written by `recordAudit` calls and by the routes that
 * read patient data, `patientData: { audit }`), in plain words for the action log download. Patients', guests' and
 * the system's own actions never reach a staff member's log, so they are not here.
 */
const ACTIONS: Record<string, Words> = {
  // Signing in and the own account
  'staff.login': ['Kirjautui sisään', 'Loggade in', 'Signed in'],
  'staff.loginFailed': ['Epäonnistunut kirjautuminen', 'Misslyckad inloggning', 'Failed sign-in'],
  'staff.loginRefused': ['Kirjautuminen estetty', 'Inloggning nekad', 'Sign-in refused'],
  'staff.logout': ['Kirjautui ulos', 'Loggade ut', 'Signed out'],
  'staff.password.changed': ['Vaihtoi salasanan', 'Bytte lösenord', 'Changed the password'],
  'staff.password.resetRequested': ['Pyysi salasanan palautusta', 'Begärde återställning av lösenord', 'Asked for a password reset'],
  'staff.password.set': ['Asetti salasanan', 'Angav lösenord', 'Set the password'],
  'staff.setOrganisation': ['Vaihtoi organisaatiota', 'Bytte organisation', 'Switched organisation'],
  // Users
  'staff.user.created': ['Loi käyttäjän', 'Skapade en användare', 'Created a user'],
  'staff.user.updated': ['Muokkasi käyttäjää', 'Ändrade en användare', 'Changed a user'],
  'staff.user.deleted': ['Poisti käyttäjän', 'Tog bort en användare', 'Deleted a user'],
  'staff.user.locked': ['Lukitsi käyttäjän', 'Låste en användare', 'Locked a user'],
  'staff.user.unlocked': ['Avasi käyttäjän lukituksen', 'Låste upp en användare', 'Unlocked a user'],
  'staff.user.loggedOut': ['Kirjasi käyttäjän ulos', 'Loggade ut en användare', 'Signed a user out'],
  'staff.user.passwordResetSent': ['Lähetti salasanan palautuslinkin', 'Skickade en länk för nytt lösenord', 'Sent a password reset link'],
  'staff.user.actionLogRead': [
    'Näki potilaan käyttäjän tapahtumalokissa',
    'Såg en patient i en användares händelselogg',
    'Saw a patient in a user’s action log',
  ],
  'staff.user.actionLogDownloaded': [
    'Latasi käyttäjän tapahtumalokin',
    'Laddade ner en användares händelselogg',
    'Downloaded a user’s action log',
  ],
  // Organisation, experts and services
  'organisation.create': ['Loi organisaation', 'Skapade en organisation', 'Created an organisation'],
  'organisation.update': ['Muokkasi organisaatiota', 'Ändrade organisationen', 'Changed the organisation'],
  'expert.create': ['Loi asiantuntijan', 'Skapade en expert', 'Created an expert'],
  'expert.update': ['Muokkasi asiantuntijaa', 'Ändrade en expert', 'Changed an expert'],
  'expert.delete': ['Poisti asiantuntijan', 'Tog bort en expert', 'Deleted an expert'],
  'service.create': ['Loi palvelun', 'Skapade en tjänst', 'Created a service'],
  'service.update': ['Muokkasi palvelua', 'Ändrade en tjänst', 'Changed a service'],
  'service.delete': ['Poisti palvelun', 'Tog bort en tjänst', 'Deleted a service'],
  'bookingSettings.update': ['Muokkasi ajanvarauksen asetuksia', 'Ändrade bokningsinställningarna', 'Changed the booking settings'],
  'emailTemplate.save': ['Tallensi viestipohjan', 'Sparade en meddelandemall', 'Saved a message template'],
  'emailTemplate.reset': ['Palautti viestipohjan oletukseen', 'Återställde en meddelandemall', 'Reset a message template'],
  'apiClient.create': ['Loi rajapinta-asiakkaan', 'Skapade en API-klient', 'Created an API client'],
  'apiClient.revoke': ['Perui rajapinta-asiakkaan', 'Återkallade en API-klient', 'Revoked an API client'],
  'webhooks.endpointCreate': ['Loi webhookin', 'Skapade en webhook', 'Created a webhook'],
  'webhooks.endpointUpdate': ['Muokkasi webhookia', 'Ändrade en webhook', 'Changed a webhook'],
  'webhooks.endpointDelete': ['Poisti webhookin', 'Tog bort en webhook', 'Deleted a webhook'],
  'quickReplies.create': [
    'Loi organisaation pikavastauksen',
    'Skapade ett snabbsvar för organisationen',
    'Created an organisation quick reply',
  ],
  'quickReplies.update': [
    'Muokkasi organisaation pikavastausta',
    'Ändrade ett snabbsvar för organisationen',
    'Changed an organisation quick reply',
  ],
  'quickReplies.delete': [
    'Poisti organisaation pikavastauksen',
    'Tog bort ett snabbsvar för organisationen',
    'Deleted an organisation quick reply',
  ],
  'webhooks.testEvent': ['Lähetti webhookin testitapahtuman', 'Skickade en testhändelse till en webhook', 'Sent a webhook test event'],
  // Appointments, open times and breaks
  'appointment.create': ['Loi ajan', 'Skapade en tid', 'Created an appointment'],
  'appointment.update': ['Muokkasi aikaa', 'Ändrade en tid', 'Changed an appointment'],
  'appointment.cancel': ['Perui ajan', 'Avbokade en tid', 'Cancelled an appointment'],
  'appointment.move': ['Siirsi ajan', 'Flyttade en tid', 'Moved an appointment'],
  'appointment.noShow': ['Merkitsi potilaan saapumatta jääneeksi', 'Markerade att patienten uteblev', 'Marked a no-show'],
  'appointment.delete': ['Poisti ajan', 'Tog bort en tid', 'Deleted an appointment'],
  'appointment.read': ['Katsoi ajanvarausta', 'Visade en bokning', 'Viewed a booking'],
  'appointment.list': ['Katsoi ajanvarauslistaa', 'Visade bokningslistan', 'Viewed the bookings list'],
  'appointment.export': ['Latasi ajanvaraukset (CSV)', 'Laddade ner bokningarna (CSV)', 'Downloaded the bookings (CSV)'],
  'appointment.history': ['Katsoi ajanvaraushistoriaa', 'Visade bokningshistoriken', 'Viewed the booking history'],
  'appointment.schedule': ['Katsoi kalenteria', 'Visade kalendern', 'Viewed the schedule'],
  'timeslots.open': ['Avasi vapaita aikoja', 'Öppnade lediga tider', 'Opened free times'],
  'timeslot.update': ['Muokkasi vapaata aikaa', 'Ändrade en ledig tid', 'Changed a free time'],
  'timeslot.delete': ['Poisti vapaan ajan', 'Tog bort en ledig tid', 'Deleted a free time'],
  'break.create': ['Lisäsi tauon', 'Lade till en paus', 'Added a break'],
  'break.delete': ['Poisti tauon', 'Tog bort en paus', 'Deleted a break'],
  'guest.pinReissued': ['Lähetti vieraalle uuden PIN-koodin', 'Skickade en ny PIN-kod till en gäst', 'Sent a guest a new PIN'],
  // Chats and video
  'chat.accept': ['Otti chatin', 'Tog emot en chatt', 'Took a chat'],
  'chat.invite': ['Kutsui chattiin', 'Bjöd in till en chatt', 'Invited to a chat'],
  'chat.join': ['Liittyi chattiin', 'Gick med i en chatt', 'Joined a chat'],
  'chat.leave': ['Poistui chatista', 'Lämnade en chatt', 'Left a chat'],
  'chat.transfer': ['Siirsi chatin', 'Överförde en chatt', 'Transferred a chat'],
  'chat.end': ['Lopetti chatin', 'Avslutade en chatt', 'Ended a chat'],
  'chat.read': ['Katsoi chattia', 'Visade en chatt', 'Viewed a chat'],
  'chat.messages': ['Luki chatin viestejä', 'Läste en chatts meddelanden', 'Read a chat’s messages'],
  'chat.history': ['Katsoi chattihistoriaa', 'Visade chatthistoriken', 'Viewed the chat history'],
  'chat.contactHistory': ['Katsoi yhteydenottohistoriaa', 'Visade kontakthistoriken', 'Viewed the contact history'],
  'chat.transcript': ['Latasi chatin keskustelun', 'Laddade ner en chatts samtal', 'Downloaded a chat transcript'],
  'chat.file': ['Avasi chatin liitteen', 'Öppnade en bilaga i en chatt', 'Opened a chat attachment'],
  'chat.file.download': ['Latasi chatin liitteen', 'Laddade ner en bilaga i en chatt', 'Downloaded a chat attachment'],
  'chat.queues': ['Katsoi jonoja', 'Visade köerna', 'Viewed the queues'],
  'visit.note': ['Muokkasi käyntimuistiinpanoa', 'Ändrade en besöksanteckning', 'Changed a visit note'],
  'visit.note.read': ['Luki käyntimuistiinpanon', 'Läste en besöksanteckning', 'Read a visit note'],
  'visit.summary': ['Latasi käyntiyhteenvedon', 'Laddade ner en besökssammanfattning', 'Downloaded a visit summary'],
  'chat.identityCode': [
    'Näytti potilaan koko henkilötunnuksen',
    'Visade patientens hela personbeteckning',
    'Showed the patient’s full identity code',
  ],
  'patient.lookup': ['Haki potilaan henkilötunnuksella', 'Sökte en patient med personbeteckning', 'Looked up a patient by identity code'],
  // The audit log (issue 33)
  'audit.search': [
    'Katsoi potilaan tapahtumia tapahtumalokista',
    'Visade en patients händelser i händelseloggen',
    'Viewed a patient’s entries in the audit log',
  ],
  'audit.export': [
    'Latasi potilaan tapahtumia tapahtumalokista (CSV)',
    'Laddade ner en patients händelser ur händelseloggen (CSV)',
    'Downloaded a patient’s entries of the audit log (CSV)',
  ],
  'audit.exported': [
    'Latasi tapahtumalokin haun (CSV)',
    'Laddade ner en sökning i händelseloggen (CSV)',
    'Downloaded an audit log search (CSV)',
  ],
  // Chat and message codes
  'chatCodes.groupCreate': ['Loi chat-koodiryhmän', 'Skapade en grupp chattkoder', 'Created a chat code group'],
  'chatCodes.groupUpdate': ['Muokkasi chat-koodiryhmää', 'Ändrade en grupp chattkoder', 'Changed a chat code group'],
  'chatCodes.groupDelete': ['Poisti chat-koodiryhmän', 'Tog bort en grupp chattkoder', 'Deleted a chat code group'],
  'chatCodes.download': ['Latasi chat-koodit', 'Laddade ner chattkoder', 'Downloaded chat codes'],
  'messageCodes.groupCreate': ['Loi viestikoodiryhmän', 'Skapade en grupp meddelandekoder', 'Created a message code group'],
  'messageCodes.groupUpdate': ['Muokkasi viestikoodiryhmää', 'Ändrade en grupp meddelandekoder', 'Changed a message code group'],
  'messageCodes.groupDelete': ['Poisti viestikoodiryhmän', 'Tog bort en grupp meddelandekoder', 'Deleted a message code group'],
  'messageCodes.download': ['Latasi viestikoodit', 'Laddade ner meddelandekoder', 'Downloaded message codes'],
  // Secure messages
  'messaging.categoryCreate': ['Loi viestiluokan', 'Skapade en meddelandekategori', 'Created a message category'],
  'messaging.categoryUpdate': ['Muokkasi viestiluokkaa', 'Ändrade en meddelandekategori', 'Changed a message category'],
  'messaging.subcategoryCreate': ['Loi viestien alaluokan', 'Skapade en underkategori', 'Created a message subcategory'],
  'messaging.subcategoryUpdate': ['Muokkasi viestien alaluokkaa', 'Ändrade en underkategori', 'Changed a message subcategory'],
  'messaging.expertUpdate': [
    'Muokkasi asiantuntijan viestiasetuksia',
    'Ändrade en experts meddelandeinställningar',
    'Changed an expert’s messaging settings',
  ],
  'conversation.create': ['Aloitti viestiketjun', 'Startade en konversation', 'Started a conversation'],
  'conversation.message': ['Lähetti viestin', 'Skickade ett meddelande', 'Sent a message'],
  'conversation.end': ['Päätti viestiketjun', 'Avslutade en konversation', 'Ended a conversation'],
  'conversation.reopen': ['Avasi viestiketjun uudelleen', 'Öppnade en konversation igen', 'Reopened a conversation'],
  'conversation.view': ['Luki viestiketjun', 'Läste en konversation', 'Read a conversation'],
  'conversation.list': ['Katsoi viestilistaa', 'Visade meddelandelistan', 'Viewed the messages list'],
  'conversation.requests': ['Katsoi yhteydenottopyyntöjä', 'Visade kontaktförfrågningarna', 'Viewed the contact requests'],
  'conversation.attachment': ['Avasi viestin liitteen', 'Öppnade en bilaga i ett meddelande', 'Opened a message attachment'],
  // Surveys
  'survey.list': ['Katsoi kyselyvastauksia', 'Visade enkätsvaren', 'Viewed the survey answers'],
  'survey.read': ['Luki kyselyvastauksen', 'Läste ett enkätsvar', 'Read a survey answer'],
  'survey.token': ['Avasi kyselyvastauksen', 'Öppnade ett enkätsvar', 'Opened a survey answer'],
  'survey.pdf': ['Latasi kyselyvastauksen (PDF)', 'Laddade ner ett enkätsvar (PDF)', 'Downloaded a survey answer (PDF)'],
  'survey.forward': ['Välitti kyselyvastauksen', 'Vidarebefordrade ett enkätsvar', 'Forwarded a survey answer'],
  'survey.send': ['Lähetti kyselyn', 'Skickade en enkät', 'Sent a survey'],
  'survey.reminder': ['Lähetti kyselyn muistutuksen', 'Skickade en påminnelse om en enkät', 'Sent a survey reminder'],
  'survey.templateCreate': ['Loi kyselypohjan', 'Skapade en enkätmall', 'Created a survey template'],
  'survey.templateUpdate': ['Muokkasi kyselypohjaa', 'Ändrade en enkätmall', 'Changed a survey template'],
  'survey.templateArchive': ['Arkistoi kyselypohjan', 'Arkiverade en enkätmall', 'Archived a survey template'],
  'survey.templateRestore': ['Palautti kyselypohjan arkistosta', 'Återställde en enkätmall', 'Restored a survey template'],
};

/** What the action acted on (`object_type`), in plain words. */
const OBJECT_TYPES: Record<string, Words> = {
  session: ['Istunto', 'Session', 'Session'],
  staffUser: ['Käyttäjä', 'Användare', 'User'],
  organisation: ['Organisaatio', 'Organisation', 'Organisation'],
  expert: ['Asiantuntija', 'Expert', 'Expert'],
  service: ['Palvelu', 'Tjänst', 'Service'],
  appointment: ['Aika', 'Tid', 'Appointment'],
  break: ['Tauko', 'Paus', 'Break'],
  chatChannel: ['Chat', 'Chatt', 'Chat'],
  chatFile: ['Chatin liite', 'Bilaga i chatt', 'Chat attachment'],
  chatCodeGroup: ['Chat-koodiryhmä', 'Grupp chattkoder', 'Chat code group'],
  messageCodeGroup: ['Viestikoodiryhmä', 'Grupp meddelandekoder', 'Message code group'],
  messageCategory: ['Viestiluokka', 'Meddelandekategori', 'Message category'],
  messageSubcategory: ['Viestien alaluokka', 'Underkategori', 'Message subcategory'],
  conversation: ['Viestiketju', 'Konversation', 'Conversation'],
  emailTemplate: ['Viestipohja', 'Meddelandemall', 'Message template'],
  surveyResponse: ['Kyselyvastaus', 'Enkätsvar', 'Survey answer'],
  surveyTemplate: ['Kyselypohja', 'Enkätmall', 'Survey template'],
  apiClient: ['Rajapinta-asiakas', 'API-klient', 'API client'],
  webhookEndpoint: ['Webhook', 'Webhook', 'Webhook'],
  quickReply: ['Pikavastaus', 'Snabbsvar', 'Quick reply'],
  patient: ['Potilas', 'Patient', 'Patient'],
};

/** An audit action in the admin's language; one the list does not know (yet) stays as its code rather than vanish. */
export function actionWords(action: string, lang: Language): string {
  return ACTIONS[action]?.[INDEX[lang]] ?? action;
}

/** An audited object's type in the admin's language; an unknown one stays as its code. */
export function objectTypeWords(objectType: string | null, lang: Language): string {
  if (objectType === null) return '';
  return OBJECT_TYPES[objectType]?.[INDEX[lang]] ?? objectType;
}
