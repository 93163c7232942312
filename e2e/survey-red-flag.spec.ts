import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn, uniqueEmail } from './admin-fixtures';
import { adminCall } from './booking-steps';
import { expectAccessible } from './fixtures';
import { freshSsn, onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';

const DEMO_EXPERT = 'expert@espoo.example';
const RED_FLAG = 'Puristava rintakipu';

async function fillLanguages(group: Locator, [fi, sv, en]: [string, string, string]) {
  await group.getByLabel('Suomeksi').fill(fi);
  await group.getByLabel('Ruotsiksi').fill(sv);
  await group.getByLabel('Englanniksi').fill(en);
}

/** Axe inside the survey frame alone: the runner is a page of its own. */
async function expectFrameAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('iframe.survey-frame')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.passes.some((rule) => rule.nodes.some((n) => n.target.length > 1))).toBe(true);
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('an admin marks a choice as a red flag; a patient who picks it is told to call 112 at once, and the expert sees the answer flagged first (issue 29)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name: [string, string, string] = [`Oirekysely ${stamp}`, `Symtomenkät ${stamp}`, `Symptom questionnaire ${stamp}`];

  // The admin builds a symptom questionnaire and marks 'pressing chest pain' as a red flag.
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  await openFromMenu(admin, 'Kyselyt');
  await admin.getByRole('link', { name: 'Uusi kysely' }).click();
  await fillLanguages(admin.getByRole('group', { name: 'Nimi' }), name);
  await admin.getByLabel('Tyyppi', { exact: true }).selectOption({ label: 'Oirekysely' });
  await admin.getByRole('button', { name: 'Lisää kysymys' }).click();
  const question = admin.getByRole('group', { name: 'Kysymys 1 · Yksi valinta' });
  await fillLanguages(question.getByRole('group', { name: 'Kysymysteksti' }), [
    'Onko sinulla rintakipua?',
    'Har du bröstsmärta?',
    'Do you have chest pain?',
  ]);
  await fillLanguages(question.getByRole('group', { name: 'Vaihtoehto 1' }), [RED_FLAG, 'Tryckande bröstsmärta', 'Pressing chest pain']);
  await fillLanguages(question.getByRole('group', { name: 'Vaihtoehto 2' }), ['Ei rintakipua', 'Ingen bröstsmärta', 'No chest pain']);
  await question.getByLabel('Pakollinen').check();
  await expect(question.getByText('Sen valitsija näkee heti ohjeen soittaa 112')).toBeVisible();
  await question.getByRole('checkbox', { name: 'Vaihtoehto 1: Hälytysvastaus: ohjaa hätäohjeeseen' }).check();
  await expect(question.getByRole('checkbox', { name: 'Vaihtoehto 2: Hälytysvastaus: ohjaa hätäohjeeseen' })).not.toBeChecked();

  // The preview names the red flag and, when it is picked, shows the instruction the patient will see.
  const preview = admin.getByRole('region', { name: 'Esikatselu' });
  await expect(preview.getByText(`Hälytysvastaukset: ${RED_FLAG}`)).toBeVisible();
  await preview.getByLabel(RED_FLAG).check();
  await expect(preview.getByRole('alert').getByRole('link', { name: 'Soita hätänumeroon 112' })).toHaveAttribute('href', 'tel:112');
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Tallenna' }).click();
  await expect(admin.getByText('Kysely luotiin.')).toBeVisible();
  const templates = await adminCall<{ id: string; name: { fi: string } }[]>(admin, '/api/survey-admin/templates');
  const templateId = templates.data.find((x) => x.name.fi === name[0])!.id;
  // Saved with the mark, and it comes back checked.
  await admin.getByRole('link', { name: `Muokkaa kyselyä ${name[0]}` }).click();
  await expect(admin.getByRole('checkbox', { name: 'Vaihtoehto 1: Hälytysvastaus: ohjaa hätäohjeeseen' })).toBeChecked();
  await admin.context().close();

  // A patient new to this run; the demo nurse sends them the questionnaire.
  const page = await (await browser.newContext()).newPage();
  const family = uniqueFamilyName('Hälytys');
  const ssn = freshSsn();
  await signInAsNewPerson(page, 'Heli', family, ssn);
  await onboard(page, { email: uniqueEmail('halytys'), dontShowWelcome: true });
  const expert = await (await browser.newContext()).newPage();
  await staffSignIn(expert, 'expert', DEMO_EXPERT);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);
  const sent = await adminCall<{ responseId: string }>(expert, '/api/survey-expert/send', { ssn, name: `Heli ${family}`, templateId });
  expect(sent.statusCode).toBe(200);

  // The patient picks the red flag: the instruction appears at once above where the send button was.
  await page.goto('/landing');
  await page.getByRole('link', { name: name[0] }).click();
  const frame = page.frameLocator('iframe.survey-frame');
  await expect(frame.getByRole('heading', { level: 1, name: name[0] })).toBeVisible();
  await frame.getByRole('radio', { name: RED_FLAG }).check();
  const live = frame.getByRole('alert').filter({ hasText: 'Hakeudu heti hoitoon' });
  await expect(live).toBeVisible();
  await expect(live.getByRole('link', { name: 'Soita hätänumeroon 112' })).toHaveAttribute('href', 'tel:112');
  await expect(frame.getByRole('radio', { name: RED_FLAG })).toBeFocused();
  await expect(frame.getByRole('button', { name: 'Lähetä vastaukset', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await expectFrameAccessible(page);

  // Sent anyway: the server finds the red flag, and the instruction stays, focused, until the patient goes on.
  await frame.getByRole('button', { name: 'Lähetä vastaukset silti' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Hakeudu heti hoitoon' })).toBeFocused();
  await expect(frame.getByText('Jos voit liikkua turvallisesti, mene lähimpään päivystykseen.')).toBeVisible();
  await expectFrameAccessible(page);
  await frame.getByRole('button', { name: 'Jatka', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Kiitos vastauksistasi!' })).toBeVisible();

  // The nurse's answered list flags it, with the red-flag answers first (runs may share a database, so the first
  // row is some run's red flag); the answers mark the red-flag answer.
  await expert.goto('/expert/surveys/answered');
  const row = expert.getByRole('row', { name: new RegExp(name[0]) });
  await expect(row).toContainText('Hälytysvastaus');
  await expect(expert.getByRole('row').nth(1)).toContainText('Hälytysvastaus');
  await expectAccessible(expert);
  await row.getByRole('link', { name: name[0] }).click();
  await expect(expert.getByRole('heading', { level: 1, name: 'Kyselyn vastaukset' })).toBeVisible();
  const answers = expert.frameLocator('iframe.survey-frame');
  await expect(answers.getByText(`Hälytysvastaus: ${RED_FLAG}`)).toBeVisible();
  await expectAccessible(expert);
});
