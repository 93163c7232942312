/**
 * Test support for the expert's survey work: responses made straight in the database with the expert, appointment
 * and forward a test needs, answers given the way the patient's frame gives them (token, then the runner's API), and
 * the text of a PDF as `pdftotext` reads it. No production code imports this.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { ZSurveyTokenResponse, type SurveyAnswers, type SurveyQuestion } from '@prsp/contracts';
import { appointments, experts, staffUsers, surveyResponses } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { localized } from './survey.steps';

type Db = TestApp['database']['db'];

/** Questions whose words need more than ASCII: the PDF must keep ä, ö and å. */
export const NORDIC_QUESTIONS: SurveyQuestion[] = [
  {
    id: 'pain',
    type: 'single',
    text: { fi: 'Onko sinulla kipuja?', se: 'Har du smärtor?', en: 'Are you in pain?' },
    required: true,
    options: [
      { id: 'yes', label: { fi: 'Kyllä, päivittäin', se: 'Ja, dagligen', en: 'Yes, daily' } },
      { id: 'no', label: { fi: 'Ei', se: 'Nej', en: 'No' } },
    ],
  },
  {
    id: 'where',
    type: 'text',
    text: { fi: 'Missä kohtaa?', se: 'Var?', en: 'Where?' },
    required: true,
    showIf: { questionId: 'pain', anyOf: ['yes'] },
  },
  { id: 'mood', type: 'scale', text: localized('Mieliala'), required: false },
];

/** An answer with ä, ö and å in it. */
export const NORDIC_ANSWER = 'Selässä ja hartioissa, öisin pahempi; Åbo';

/** A response of a patient to a version, with whatever else the test needs set; answers its id. */
export async function makeExpertResponse(
  db: Db,
  values: { organisationId: string; patientId: string; versionId: string } & Partial<typeof surveyResponses.$inferInsert>,
): Promise<string> {
  const [row] = await db
    .insert(surveyResponses)
    .values({ surveyName: localized('Vointikysely'), trigger: 'expert', templateVersionId: values.versionId, ...values })
    .returning({ id: surveyResponses.id });
  return row!.id;
}

/** A booked appointment of the organisation with this expert (or host); answers its id. */
export async function makeAppointment(
  db: Db,
  organisationId: string,
  opts: { expertId?: string | null; hostExpertId?: string | null; name?: string; startsAt?: Date } = {},
): Promise<string> {
  const startsAt = opts.startsAt ?? new Date(Date.now() + 86_400_000);
  const [row] = await db
    .insert(appointments)
    .values({
      organisationId,
      expertId: opts.expertId ?? null,
      hostExpertId: opts.hostExpertId ?? null,
      name: opts.name ?? 'Vastaanotto',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      type: opts.hostExpertId ? 'group' : 'oneOnOne',
      status: 'booked',
    })
    .returning({ id: appointments.id });
  return row!.id;
}

/** The e-mail address and name of an expert's staff account. */
export async function expertAccount(db: Db, expertId: string): Promise<{ email: string; name: string }> {
  const [row] = await db
    .select({ email: staffUsers.email, first: staffUsers.firstName, last: staffUsers.lastName })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(eq(experts.id, expertId));
  return { email: row!.email, name: `${row!.first} ${row!.last}` };
}

/** The patient answers as their page does: a token for the response, then the runner's API with it. */
export async function answerAsPatient(t: TestApp, patient: TestBrowser, responseId: string, answers: SurveyAnswers): Promise<void> {
  const res = await patient.fetch(`/api/survey/token/${responseId}`);
  const { token } = ZSurveyTokenResponse.parse(((await res.json()) as { data: unknown }).data);
  const sent = await fetch(new URL('/api/survey-runner/answers', t.baseUrl), {
    method: 'POST',
    headers: { origin: 'null', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ answers }),
  });
  if (!sent.ok) throw new Error(`answers refused: ${sent.status} ${await sent.text()}`);
}

/** The text of a PDF as poppler's `pdftotext` extracts it (the layout kept, so a line reads as printed). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'prsp-pdf-'));
  try {
    const file = join(dir, 'answers.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
