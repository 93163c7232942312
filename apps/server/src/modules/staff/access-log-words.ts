import type { Language } from '@prsp/contracts';

/** One value in the three languages, in the order fi, sv (`se`), en. */
type Words = readonly [fi: string, se: string, en: string];

const INDEX: Record<Language, 0 | 1 | 2> = { fi: 0, se: 1, en: 2 };

/**
 * What a member of staff or an API client did with a patient's data, as the patient reads it in their access log
 * (`GET /api/patient/access-log`): every audit action of a route or socket event declared as reading patient data
 * (`patientData: { audit }`), addressed to the patient. `access-log.int.test.ts` fails when a declared action has
 * no words here.
 */
const READS: Record<string, Words> = {
  'appointment.read': ['avasi ajanvarauksesi', 'öppnade din bokning', 'opened your appointment'],
  'appointment.list': [
    'näki ajanvarauksesi ajanvarauslistassa',
    'såg din bokning i bokningslistan',
    'saw your appointment in the bookings list',
  ],
  'appointment.export': [
    'latasi ajanvarauksesi tiedot tiedostona',
    'laddade ner uppgifterna om din bokning som fil',
    'downloaded your appointment’s details as a file',
  ],
  'appointment.schedule': ['näki ajanvarauksesi kalenterissa', 'såg din bokning i kalendern', 'saw your appointment in the calendar'],
  'appointment.history': [
    'näki ajanvarauksesi ajanvaraushistoriassa',
    'såg din bokning i bokningshistoriken',
    'saw your appointment in the booking history',
  ],
  'chat.queues': ['näki sinut chat-jonossa', 'såg dig i chattkön', 'saw you in a chat queue'],
  'chat.read': ['avasi chattisi', 'öppnade din chatt', 'opened your chat'],
  'chat.join': ['liittyi chattiisi', 'gick med i din chatt', 'joined your chat'],
  'chat.identityCode': ['katsoi koko henkilötunnuksesi', 'visade hela din personbeteckning', 'viewed your full identity code'],
  'chat.messages': ['luki chattiviestejäsi', 'läste dina chattmeddelanden', 'read your chat messages'],
  'chat.transcript': ['latasi chattikeskustelusi', 'laddade ner ditt chattsamtal', 'downloaded your chat transcript'],
  'chat.contactHistory': ['katsoi yhteydenottohistoriaasi', 'visade din kontakthistorik', 'viewed your contact history'],
  'chat.history': ['näki chattisi chattihistoriassa', 'såg din chatt i chatthistoriken', 'saw your chat in the chat history'],
  'chat.file': ['avasi chattisi liitteen', 'öppnade en bilaga i din chatt', 'opened an attachment in your chat'],
  'chat.file.download': ['latasi chattisi liitteen', 'laddade ner en bilaga i din chatt', 'downloaded an attachment in your chat'],
  'conversation.list': [
    'näki viestiketjusi viestilistassa',
    'såg din konversation i meddelandelistan',
    'saw your conversation in the messages list',
  ],
  'conversation.requests': ['näki yhteydenottopyyntösi', 'såg din kontaktförfrågan', 'saw your contact request'],
  'conversation.view': ['luki viestiketjusi', 'läste din konversation', 'read your conversation'],
  'conversation.attachment': [
    'avasi viestisi liitteen',
    'öppnade en bilaga i din konversation',
    'opened an attachment in your conversation',
  ],
  'survey.list': ['näki kyselyvastauksesi listassa', 'såg ditt enkätsvar i en lista', 'saw your survey answer in a list'],
  'survey.token': ['avasi kyselyvastauksesi', 'öppnade ditt enkätsvar', 'opened your survey answer'],
  'survey.read': ['luki kyselyvastauksesi', 'läste ditt enkätsvar', 'read your survey answer'],
  'survey.pdf': ['latasi kyselyvastauksesi PDF-tiedostona', 'laddade ner ditt enkätsvar som PDF', 'downloaded your survey answer as a PDF'],
  'visit.note.read': ['luki käyntiäsi koskevan muistiinpanonsa', 'läste sin anteckning om ditt besök', 'read their note about your visit'],
  'visit.summary': ['latasi käyntisi yhteenvedon', 'laddade ner sammanfattningen av ditt besök', 'downloaded the summary of your visit'],
  'fhir.read': ['luki tietojasi rajapinnan kautta', 'läste dina uppgifter via gränssnittet', 'read your data through the interface (API)'],
  'patient.lookup': ['haki sinut henkilötunnuksellasi', 'sökte dig med din personbeteckning', 'looked you up by your identity code'],
  'staff.user.actionLogRead': [
    'näki tietojesi käsittelyn käyttäjän tapahtumalokissa',
    'såg behandlingen av dina uppgifter i en användares händelselogg',
    'saw a use of your data in a user’s action log',
  ],
  'audit.search': [
    'katsoi tietojesi käyttölokia',
    'visade loggen över användningen av dina uppgifter',
    'viewed the log of uses of your data',
  ],
  'audit.export': [
    'latasi tietojesi käyttölokin tiedostona',
    'laddade ner loggen över användningen av dina uppgifter som fil',
    'downloaded the log of uses of your data as a file',
  ],
};

const UNKNOWN_READ: Words = ['käytti tietojasi', 'använde dina uppgifter', 'used your data'];

/** The read in the patient's words; an action not listed (yet) is still a use of their data, never a code. */
export function readWords(action: string, lang: Language): string {
  return (READS[action] ?? UNKNOWN_READ)[INDEX[lang]];
}

/** Whether the patient's log has words for this read. */
export function hasReadWords(action: string): boolean {
  return action in READS;
}

const ROLES: Record<string, Words> = {
  expert: ['Asiantuntija', 'Expert', 'Expert'],
  admin: ['Pääkäyttäjä', 'Huvudanvändare', 'Administrator'],
  globalAdmin: ['Palvelun pääkäyttäjä', 'Tjänstens huvudanvändare', 'Service administrator'],
  apiClient: ['Tietojärjestelmä (rajapinta)', 'Informationssystem (gränssnitt)', 'Information system (API)'],
  patient: ['Potilas', 'Patient', 'Patient'],
  guest: ['Vieras', 'Gäst', 'Guest'],
  system: ['Järjestelmä', 'Systemet', 'The system'],
};

/**
 * The role a reader read in, in words: an expert's specialisations in that organisation when they have names
 * (`Sairaanhoitaja`), else the role.
 */
export function roleWords(role: string | null, lang: Language, specializationNames: readonly string[] = []): string {
  if (role === 'expert' && specializationNames.length > 0) return specializationNames.join(', ');
  if (role === null) return '';
  return ROLES[role]?.[INDEX[lang]] ?? role;
}

/** A reader whose account has since been deleted. */
export function removedReaderWords(lang: Language): string {
  return (['Poistettu käyttäjä', 'Borttagen användare', 'Deleted user'] as const)[INDEX[lang]];
}
