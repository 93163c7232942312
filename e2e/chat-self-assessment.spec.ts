import { expect, test, type Browser, type Page } from '@playwright/test';
import { staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { freshSsn, onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';

const DEMO_EXPERT = 'expert@espoo.example';
/** Optional self-assessment in the demo; the doctor's is mandatory. */
const NURSE_SERVICE = 'Sairaanhoitajan chat';
const DOCTOR_SERVICE = 'Lääkärin vastaanotto';
const FRAME = 'iframe[title="Oirekyselyn kysymykset"]';

/** What the connector's Auth must say of the holder of a 1900s identity code, as the stand-in shows it. */
function shownPerson(ssn: string): string {
  const [day, month, year] = [0, 2, 4].map((i) => Number(ssn.slice(i, i + 2)));
  const today = new Date();
  const birthdayPassed = today.getMonth() + 1 > month! || (today.getMonth() + 1 === month && today.getDate() >= day!);
  const age = today.getFullYear() - 1900 - year! - (birthdayPassed ? 0 : 1);
  return `Vastaaja: ikä ${age}, sukupuoli ${Number(ssn.slice(7, 10)) % 2 === 1 ? 'mies' : 'nainen'}`;
}

/** A patient new to this run, onboarded, on the questionnaire stage of `service`'s chat. */
async function toQuestionnaire(browser: Browser, given: string, family: string, service: string, ssn = freshSsn()): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewPerson(page, given, family, ssn);
  await onboard(page, { email: uniqueEmail(given.toLowerCase()), dontShowWelcome: true });
  await page.goto('/services');
  await page.getByRole('link', { name: new RegExp(`^Aloita\\s*: ${service}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: service })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oirekysely' })).toBeVisible();
  return page;
}

test('a patient answers the built-in self-assessment in its frame, queues, and the expert reads its result in the chat', async ({
  browser,
}) => {
  const family = uniqueFamilyName('Arvioitava');
  const ssn = freshSsn();
  const patient = await toQuestionnaire(browser, 'Oona', family, NURSE_SERVICE, ssn);
  // The frame got the Auth reply: the stand-in shows the age and gender it was given.
  const frame = patient.frameLocator(FRAME);
  await expect(frame.getByText(shownPerson(ssn))).toBeVisible();
  // Optional: it could be skipped.
  await expect(patient.getByRole('button', { name: 'Ohita oirekysely ja jatka chattiin' })).toBeVisible();
  await expectAccessible(patient);

  await frame.getByRole('radio', { name: 'Yskä, kurkkukipu tai nuha' }).check();
  await frame.getByRole('radio', { name: 'Yli viikon' }).check();
  await frame.getByRole('group', { name: 'Onko sinulla yli 38 asteen kuumetta?' }).getByRole('radio', { name: 'Kyllä' }).check();
  await frame.getByRole('spinbutton', { name: 'Kuinka voimakkaita oireesi ovat asteikolla 0–10?' }).fill('6');
  await frame.getByRole('button', { name: 'Lähetä vastaukset' }).click();

  // The result is sealed by the server and the chat starts with it.
  await expect(patient.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  await expectAccessible(patient);

  const expert = await (await browser.newContext()).newPage();
  await staffSignIn(expert, 'expert', DEMO_EXPERT);
  const queues = expert.getByRole('region', { name: 'Jonot' });
  await queues.getByRole('button', { name: new RegExp(`^Ota vastaan\\s*: Oona ${family}$`) }).click();
  const workspace = expert.getByRole('region', { name: 'Chatit' });
  const details = workspace.getByRole('region', { name: 'Oirearvio' });
  await expect(details.getByText('Kiireellinen: hoito saman päivän aikana')).toBeVisible();
  await expect(details.getByRole('definition').filter({ hasText: 'Yskä, kurkkukipu tai nuha' })).toBeVisible();
  await expect(details.getByRole('definition').filter({ hasText: '6/10' })).toBeVisible();
  await expectAccessible(expert);

  await workspace.getByRole('button', { name: 'Lopeta chat' }).click();
  await expert.getByRole('dialog', { name: 'Lopetetaanko chat?' }).getByRole('button', { name: 'Lopeta chat' }).click();
  await patient.getByRole('button', { name: 'Jatka palautteeseen' }).click();
  await expect(patient).toHaveURL(/\/feedback$/);
});

test("a connector error opens the questionnaire-error modal, and 'chat anyway' leads into the queue", async ({ browser }) => {
  const patient = await toQuestionnaire(browser, 'Erkki', uniqueFamilyName('Virheellinen'), DOCTOR_SERVICE);
  // Mandatory: no way past but the questionnaire.
  await expect(patient.getByRole('button', { name: /Ohita oirekysely/ })).toHaveCount(0);
  await patient.frameLocator(FRAME).getByRole('button', { name: 'Simuloi oirearviopalvelun virhe' }).click();

  const modal = patient.getByRole('dialog', { name: 'Oirekysely ei onnistunut' });
  await expect(modal.getByRole('button', { name: 'Palaa palveluvalintaan' })).toBeVisible();
  await expectAccessible(patient);
  await modal.getByRole('button', { name: 'Jatka chattiin ilman oirekyselyä' }).click();
  await expect(patient.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();

  await patient.getByRole('button', { name: 'Poistu jonosta' }).click();
  await patient.getByRole('dialog', { name: 'Poistutaanko jonosta?' }).getByRole('button', { name: 'Poistu jonosta' }).click();
});

test("the built-in self-assessment's own page, as a browser shows it outside the frame", async ({ page }) => {
  await page.goto('/stand-ins/self-assessment/?lang=sv');
  await expect(page.getByRole('heading', { level: 1, name: 'Symtombedömning' })).toBeVisible();
  await expect(page.getByText('Väntar på identifieringsuppgifter från appen…')).toBeVisible();
  await expectAccessible(page);
  // Framed by the app's own pages only.
  const res = await page.request.get('/stand-ins/self-assessment/');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
});
