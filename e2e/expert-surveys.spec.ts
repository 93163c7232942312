import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, request, test, type Page } from '@playwright/test';
import { chooseOrganisation, DEMO_ORGANISATION, ORG_ADMIN, staffSignIn, uniqueEmail } from './admin-fixtures';
import { adminCall } from './booking-steps';
import { expectAccessible } from './fixtures';
import { freshSsn, onboard, signInAsNewPerson } from './patient-steps';

const DEMO_EXPERT = 'expert@espoo.example';
/** The demo's other expert, to forward to. */
const DEMO_DOCTOR = 'Lauri Lääkäri';
const ANSWER = 'Selässä ja hartioissa, öisin pahempi – Åbo';

const text = (s: string) => ({ fi: s, se: `${s} (sv)`, en: `${s} (en)` });

/** Letters no earlier run used (runs may share a database), so this run's survey is the one found. */
function uniqueWord(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** The organisation admin makes a template of two questions, the second shown after 'yes' (through the API). */
async function makeTemplate(admin: Page, name: string): Promise<string> {
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const made = await adminCall<{ id: string }>(admin, '/api/survey-admin/templates/create', {
    name: text(name),
    intro: text(''),
    kind: 'survey',
    questions: [
      {
        id: 'pain',
        type: 'single',
        text: text('Onko sinulla kipuja?'),
        required: true,
        options: [
          { id: 'yes', label: text('Kyllä, päivittäin') },
          { id: 'no', label: text('Ei') },
        ],
      },
      { id: 'where', type: 'text', text: text('Missä kohtaa?'), required: true, showIf: { questionId: 'pain', anyOf: ['yes'] } },
    ],
  });
  expect(made.statusCode).toBe(200);
  return made.data.id;
}

/** The patient answers as the survey frame does: a token for the response, then the runner's API with it alone. */
async function answer(patient: Page, responseId: string): Promise<void> {
  const res = await patient.request.get(`/api/survey/token/${responseId}`);
  const { data } = (await res.json()) as { data: { token: string } };
  const runner = await request.newContext({ baseURL: new URL(patient.url()).origin });
  const sent = await runner.post('/api/survey-runner/answers', {
    headers: { origin: 'null', authorization: `Bearer ${data.token}` },
    data: { answers: { pain: 'yes', where: ANSWER } },
  });
  expect(sent.status()).toBe(200);
  await runner.dispose();
}

async function openSurveyFromList(expert: Page, tab: string, surveyName: string): Promise<void> {
  await expert.getByRole('navigation', { name: 'Kyselylistat' }).getByRole('link', { name: tab, exact: true }).click();
  await expect(expert.getByRole('heading', { level: 1, name: `Kyselyt: ${tab}` })).toBeVisible();
  await expectAccessible(expert);
  // The lists refresh every 5 s; the link is there once this run's survey is.
  await expert.getByRole('link', { name: surveyName }).first().click();
  await expect(expert.getByRole('heading', { level: 1, name: 'Kyselyn vastaukset' })).toBeVisible();
}

test('an expert reads answered survey answers, forwards them, downloads them as PDF and reminds a patient of an open survey', async ({
  browser,
}) => {
  // Three people sign in, the patient is onboarded, and every screen gets an axe check: a long journey.
  test.setTimeout(180_000);
  const word = uniqueWord();
  const surveyName = `Vointikysely ${word}`;
  const ssn = freshSsn();
  const family = `Kyselynen-${word}`;

  const admin = await (await browser.newContext()).newPage();
  const templateId = await makeTemplate(admin, surveyName);

  const patient = await (await browser.newContext()).newPage();
  await signInAsNewPerson(patient, 'Åsa', family, ssn);
  await onboard(patient, { email: uniqueEmail('kysely') });

  // The demo expert sends the survey twice to the patient (through the API): one to answer, one left open.
  const expert = await (await browser.newContext()).newPage();
  await staffSignIn(expert, 'expert', DEMO_EXPERT);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);
  const sent = [];
  for (let i = 0; i < 2; i++) {
    const res = await adminCall<{ responseId: string }>(expert, '/api/survey-expert/send', { ssn, name: `Åsa ${family}`, templateId });
    expect(res.statusCode).toBe(200);
    sent.push(res.data.responseId);
  }
  await answer(patient, sent[0]!);

  // The answered survey, from the menu.
  await expert.getByRole('banner').locator('summary', { hasText: 'Valikko' }).click();
  await expert.getByRole('banner').getByRole('link', { name: 'Vastatut kyselyt', exact: true }).click();
  await expect(expert).toHaveURL(/\/expert\/surveys\/answered$/);
  await openSurveyFromList(expert, 'Vastatut', surveyName);
  const details = expert.getByRole('definition');
  await expect(details.filter({ hasText: `Åsa ${family}` })).toBeVisible();
  await expect(expert.getByTitle('Kyselylomake')).toBeVisible();
  await expectAccessible(expert);

  // Forward to the demo doctor.
  await expert.getByRole('button', { name: 'Välitä', exact: true }).click();
  const dialog = expert.getByRole('dialog', { name: 'Välitä vastaukset' });
  await expect(dialog).toBeVisible();
  await expectAccessible(expert);
  await dialog.getByLabel('Asiantuntija').selectOption({ label: DEMO_DOCTOR });
  await dialog.getByRole('button', { name: 'Välitä', exact: true }).click();
  await expect(expert.getByText(`Vastaukset välitettiin: ${DEMO_DOCTOR}.`)).toBeVisible();
  await expect(details.filter({ hasText: DEMO_DOCTOR })).toBeVisible();

  // The PDF: a real PDF whose text has the answer with its ä, ö and å.
  const [download] = await Promise.all([expert.waitForEvent('download'), expert.getByRole('link', { name: 'Lataa PDF' }).click()]);
  const file = (await download.path())!;
  expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  expect(stdout).toContain(ANSWER);
  expect(stdout).toContain(surveyName);

  // The open survey: a reminder, then no second one for a while.
  await expert.goto('/expert/surveys/answered');
  await openSurveyFromList(expert, 'Avoimet', surveyName);
  await expect(details.filter({ hasText: 'Ei vastattu' })).toBeVisible();
  await expectAccessible(expert);
  await expert.getByRole('button', { name: 'Lähetä muistutus' }).click();
  await expect(expert.getByText('Potilaalle lähetettiin muistutus.')).toBeVisible();
  await expect(expert.getByRole('button', { name: 'Lähetä muistutus' })).toBeDisabled();
  await expect(expert.getByText(/Uuden muistutuksen voi lähettää/)).toBeVisible();
  await expectAccessible(expert);

  // The other views, each checked.
  for (const tab of ['Minulle välitetyt', 'Ajanvarauksittain', 'Pohjat']) {
    await expert.goto('/expert/surveys/open');
    await expert.getByRole('navigation', { name: 'Kyselylistat' }).getByRole('link', { name: tab, exact: true }).click();
    await expect(expert.getByRole('heading', { level: 1, name: `Kyselyt: ${tab}` })).toBeVisible();
    await expectAccessible(expert);
  }
});
