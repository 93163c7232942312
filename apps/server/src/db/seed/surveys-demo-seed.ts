import { and, eq, lt } from 'drizzle-orm';
import type { Localized, SurveyQuestion } from '@prsp/contracts';
import type { Tx } from '../client';
import { appointmentParticipants, appointments, organisations, patients, services, surveyTemplates } from '../schema';
import { replaceAppointmentSurveys, replaceServiceSurveys } from '../../modules/surveys/survey-attachments.service';
import { createResponsesForAppointment } from '../../modules/surveys/survey-responses.service';
import { insertTemplate, type VersionContent } from '../../modules/surveys/templates.repo';

const l = (fi: string, se: string, en: string): Localized => ({ fi, se, en });
const option = (id: string, fi: string, se: string, en: string) => ({ id, label: l(fi, se, en) });
/** The demo service that carries the surveys. */
const DEMO_SERVICE = 'nurse';

const FEEDBACK_QUESTIONS: SurveyQuestion[] = [
  {
    id: 'overall',
    type: 'faces',
    text: l('Miten tyytyväinen olit käyntiin?', 'Hur nöjd var du med besöket?', 'How satisfied were you with the visit?'),
    required: true,
  },
  {
    id: 'recommend',
    type: 'scale',
    text: l(
      'Kuinka todennäköisesti suosittelisit palvelua läheisellesi (0–10)?',
      'Hur sannolikt är det att du skulle rekommendera tjänsten till en närstående (0–10)?',
      'How likely are you to recommend the service to someone close to you (0–10)?',
    ),
    required: true,
  },
  {
    id: 'resolved',
    type: 'single',
    text: l('Saitko asiasi hoidettua?', 'Fick du ditt ärende skött?', 'Was your matter taken care of?'),
    required: true,
    options: [option('yes', 'Kyllä', 'Ja', 'Yes'), option('partly', 'Osittain', 'Delvis', 'Partly'), option('no', 'En', 'Nej', 'No')],
  },
  {
    id: 'improve',
    type: 'text',
    text: l('Mitä olisimme voineet tehdä paremmin?', 'Vad kunde vi ha gjort bättre?', 'What could we have done better?'),
    required: false,
    showIf: { questionId: 'resolved', anyOf: ['partly', 'no'] },
  },
];

const SYMPTOM_QUESTIONS: SurveyQuestion[] = [
  {
    id: 'symptoms',
    type: 'multiple',
    text: l('Mitä oireita sinulla on?', 'Vilka symtom har du?', 'What symptoms do you have?'),
    required: true,
    options: [
      option('fever', 'Kuume', 'Feber', 'Fever'),
      option('cough', 'Yskä', 'Hosta', 'Cough'),
      option('throat', 'Kurkkukipu', 'Halsont', 'Sore throat'),
      option('headache', 'Päänsärky', 'Huvudvärk', 'Headache'),
      option('other', 'Muu oire', 'Annat symtom', 'Another symptom'),
    ],
  },
  {
    id: 'other',
    type: 'text',
    text: l('Kuvaile muu oire', 'Beskriv det andra symtomet', 'Describe the other symptom'),
    required: true,
    showIf: { questionId: 'symptoms', anyOf: ['other'] },
  },
  {
    id: 'since',
    type: 'date',
    text: l('Milloin oireet alkoivat?', 'När började symtomen?', 'When did the symptoms start?'),
    required: true,
  },
  {
    id: 'temperature',
    type: 'number',
    text: l('Korkein mitattu lämpö (°C)', 'Högsta uppmätta temperatur (°C)', 'Highest measured temperature (°C)'),
    help: l('Jätä tyhjäksi, jos et ole mitannut.', 'Lämna tomt om du inte har mätt.', 'Leave empty if you have not measured it.'),
    required: false,
    min: 34,
    max: 43,
    showIf: { questionId: 'symptoms', anyOf: ['fever'] },
  },
  {
    id: 'severity',
    type: 'scale',
    text: l('Kuinka voimakkaita oireesi ovat (0–10)?', 'Hur starka är dina symtom (0–10)?', 'How severe are your symptoms (0–10)?'),
    required: true,
  },
  {
    id: 'medication',
    type: 'single',
    text: l('Onko sinulla käytössä lääkkeitä?', 'Använder du läkemedel?', 'Are you taking any medication?'),
    required: false,
    options: [option('yes', 'Kyllä', 'Ja', 'Yes'), option('no', 'Ei', 'Nej', 'No')],
  },
];

const FEEDBACK: VersionContent = {
  name: l('Palautekysely', 'Responsenkät', 'Feedback survey'),
  intro: l(
    'Kiitos käynnistäsi! Vastaaminen vie noin minuutin.',
    'Tack för ditt besök! Det tar ungefär en minut att svara.',
    'Thank you for your visit! Answering takes about a minute.',
  ),
  questions: FEEDBACK_QUESTIONS,
};

const SYMPTOMS: VersionContent = {
  name: l('Oirekysely', 'Symtomenkät', 'Symptom questionnaire'),
  intro: l(
    'Vastaa ennen vastaanottoa, niin hoitaja voi valmistautua.',
    'Svara före mottagningen så att skötaren kan förbereda sig.',
    'Please answer before the appointment so the nurse can prepare.',
  ),
  questions: SYMPTOM_QUESTIONS,
};

/**
 * Surveys for espoo-demo (issue 12 'Demo'): a feedback survey sent after and a symptom questionnaire sent before an
 * appointment of the nurse service, both in the organisation's `surveys` list. The demo patient Matti Korhonen's
 * past appointment (booking-demo-seed.ts) carries the feedback survey, so he finds it pending on his landing. Runs
 * once: an organisation that has templates is left alone.
 */
export async function seedDemoSurveys(tx: Tx): Promise<void> {
  const [espoo] = await tx
    .select({ id: organisations.id, surveys: organisations.surveys })
    .from(organisations)
    .where(eq(organisations.slug, 'espoo-demo'))
    .limit(1);
  if (!espoo) return;
  const [existing] = await tx
    .select({ id: surveyTemplates.id })
    .from(surveyTemplates)
    .where(eq(surveyTemplates.organisationId, espoo.id))
    .limit(1);
  if (existing) return;
  const base = { organisationId: espoo.id, shared: false, createdBy: null };
  const feedback = await insertTemplate(tx, { ...base, kind: 'survey' }, FEEDBACK);
  const symptoms = await insertTemplate(tx, { ...base, kind: 'questionnaire' }, SYMPTOMS);
  await tx
    .update(organisations)
    .set({ surveys: [...espoo.surveys, feedback, symptoms] })
    .where(eq(organisations.id, espoo.id));
  const [service] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organisationId, espoo.id), eq(services.slug, DEMO_SERVICE)))
    .limit(1);
  if (service)
    await replaceServiceSurveys(tx, service.id, [
      { templateId: symptoms, timing: 'before' },
      { templateId: feedback, timing: 'after' },
    ]);
  for (const pastId of await pastAppointmentsOf(tx, espoo.id, 'Korhonen', 'Matti')) {
    await replaceAppointmentSurveys(tx, pastId, [{ templateId: feedback, timing: 'after' }]);
    await createResponsesForAppointment(tx, pastId, 'after');
  }
}

async function pastAppointmentsOf(tx: Tx, organisationId: string, familyName: string, givenName: string): Promise<string[]> {
  const rows = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(appointmentParticipants, eq(appointmentParticipants.appointmentId, appointments.id))
    .innerJoin(patients, eq(patients.id, appointmentParticipants.patientId))
    .where(
      and(
        eq(appointments.organisationId, organisationId),
        lt(appointments.endsAt, new Date()),
        eq(patients.familyName, familyName),
        eq(patients.givenName, givenName),
      ),
    );
  return rows.map((r) => r.id);
}
