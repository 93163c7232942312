import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, newExpert, staffSignIn, uniqueEmail } from './admin-fixtures';
import { adminCall, helsinkiDateOf, helsinkiTime } from './booking-steps';
import { expectAccessible } from './fixtures';
import { freshSsn, onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';

/** The demo's feedback survey (surveys-demo-seed.ts), in the organisation's list. */
const FEEDBACK_SURVEY = 'Palautekysely';

/** Axe inside the frame alone: the runner is a page of its own, with its own landmarks, headings and labels. */
async function expectFrameAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('iframe.survey-frame')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  // Nodes inside a frame are addressed through it: the frame was analysed, not skipped.
  expect(results.passes.some((rule) => rule.nodes.some((n) => n.target.length > 1))).toBe(true);
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('after a group appointment its patient answers the feedback survey in the sandboxed frame, and it leaves the landing', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // An organisation admin books a new nurse for a patient new to this run, within the next minutes (the chat opens
  // 5 minutes before the start), with the demo feedback survey sent after it.
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const templates = await adminCall<{ id: string; name: { fi: string }; inUse: boolean }[]>(admin, '/api/survey-admin/templates');
  const feedback = templates.data.find((x) => x.name.fi === FEEDBACK_SURVEY);
  expect(feedback?.inUse).toBe(true);
  const host = await newExpert(admin, 'Kaija');
  const startMs = Math.ceil((Date.now() + 90_000) / 60_000) * 60_000;
  const family = uniqueFamilyName('Kysely');
  const ssn = freshSsn();
  const group = `Kyselyryhmä ${family}`;
  const created = await adminCall(admin, '/api/admin/bookings/create', {
    kind: 'group',
    expertId: host.id,
    hostExpertId: host.id,
    name: group,
    date: helsinkiDateOf(startMs),
    startTime: helsinkiTime(startMs),
    durationMinutes: 20,
    patients: [{ ssn, firstName: 'Kyselijä', lastName: family, email: uniqueEmail('kyselija'), language: 'fi', nationality: 'FI' }],
    surveys: [{ templateId: feedback!.id, timing: 'after' }],
    sendConfirmation: false,
  });
  expect(created.statusCode).toBe(200);
  await admin.context().close();

  // The patient starts the appointment's chat; the nurse ends it from the desk.
  await signInAsNewPerson(page, 'Kyselijä', family, ssn);
  await onboard(page, { email: uniqueEmail('kyselija'), dontShowWelcome: true });
  await expect(page.getByRole('link', { name: FEEDBACK_SURVEY })).toHaveCount(0);
  await page.goto('/services');
  await page.getByRole('button', { name: new RegExp(group) }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: /^Aloita/ })
    .click();
  await expect(page.getByRole('log', { name: 'Viestit' })).toBeVisible();
  const expert = await (await browser.newContext()).newPage();
  await staffSignIn(expert, 'expert', host.email, host.password);
  const workspace = expert.getByRole('region', { name: 'Chatit' });
  // The group's tab and chat are named after the appointment.
  await workspace.getByRole('button', { name: group, exact: true }).click();
  const chat = workspace.getByRole('article', { name: group });
  await chat.getByRole('button', { name: 'Lopeta chat' }).click();
  await expert.getByRole('dialog', { name: 'Lopetetaanko chat?' }).getByRole('button', { name: 'Lopeta chat' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Keskustelu on päättynyt' })).toBeFocused();
  await page.getByRole('button', { name: 'Jatka palautteeseen' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  // The feedback survey follows: the page asks no 0–10 score of its own and points to the survey (issue 29).
  await expect(page.getByRole('link', { name: 'Vastaa palautekyselyyn' })).toHaveAttribute('href', /^\/survey\/[0-9a-f-]{36}$/);
  await expect(page.locator('fieldset').getByRole('radio')).toHaveCount(0);
  await expert.context().close();

  // The survey waits on the landing; the patient opens it.
  await page.goto('/landing');
  const pending = page.getByRole('link', { name: FEEDBACK_SURVEY });
  await expect(pending).toBeVisible();
  const responseId = (await pending.getAttribute('href'))!.split('/').pop()!;
  await pending.click();
  await expect(page).toHaveURL(new RegExp(`/survey/${responseId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Kysely' })).toBeVisible();
  await expect(page).toHaveTitle(/^Kysely – /);
  // The page says which visit the survey is about (issue 29).
  await expect(page.locator('.survey-about')).toContainText(/^Vastaanotto /);

  // The runner in its frame: sandboxed without same-origin, themed, in Finnish, at least 500 px high.
  const frameElement = page.locator('iframe.survey-frame');
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-top-navigation-to-custom-protocols');
  expect(await frameElement.getAttribute('src')).toMatch(/\/survey-runner#token=[\w-]+&lang=fi&primary=/);
  const frame = page.frameLocator('iframe.survey-frame');
  await expect(frame.getByRole('heading', { level: 1, name: FEEDBACK_SURVEY })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'fi');
  expect(await frame.locator('body').evaluate(() => window.origin)).toBe('null');
  await expect.poll(async () => (await frameElement.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(500);
  await expectAccessible(page);
  await expectFrameAccessible(page);

  // Required questions are asked for; 'what could we have done better' appears only after 'Osittain'.
  const improve = 'Mitä olisimme voineet tehdä paremmin?';
  await expect(frame.getByLabel(improve)).toHaveCount(0);
  await frame.getByRole('button', { name: 'Lähetä vastaukset' }).click();
  await expect(frame.getByRole('alert').filter({ hasText: 'Tarkista merkityt kysymykset.' })).toBeVisible();
  await expectFrameAccessible(page);
  await frame.getByRole('radio', { name: 'Tyytyväinen', exact: true }).check();
  await frame.getByRole('radio', { name: '8', exact: true }).check();
  await frame.getByRole('radio', { name: 'Osittain' }).check();
  await frame.getByLabel(improve).fill('Odotusaika oli pitkä.');
  // On a phone the content is taller than the minimum: the frame grows to it through the runner's resize messages,
  // so the page scrolls, never the frame.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(async () => (await frameElement.boundingBox())?.height ?? 0).toBeGreaterThan(500);
  const content = await frame.locator('main').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  await expect.poll(async () => Math.round((await frameElement.boundingBox())?.height ?? 0)).toBe(content);
  await frame.getByRole('button', { name: 'Lähetä vastaukset' }).click();

  // The runner says it is done: the page closes the survey and thanks the patient.
  await expect(page.getByRole('heading', { name: 'Kiitos vastauksistasi!' })).toBeVisible();
  await expect(page.locator('iframe.survey-frame')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Takaisin etusivulle' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Hei/ })).toBeVisible();
  await expect(page.getByRole('link', { name: FEEDBACK_SURVEY })).toHaveCount(0);

  // Opened again (history, an old link): a closed survey shows closed at once.
  await page.goto(`/survey/${responseId}`);
  await expect(page.getByRole('heading', { name: 'Kiitos vastauksistasi!' })).toBeVisible();
  // Someone else's survey, or none: the error state with the way home.
  await page.goto('/survey/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Kyselyn lataaminen epäonnistui' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Takaisin etusivulle' })).toBeVisible();
  await expectAccessible(page);
});
