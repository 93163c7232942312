import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO_ORGANISATION,
  ORG_ADMIN,
  chooseOrganisation,
  newExpert,
  staffSignIn,
  uniqueEmail,
  type JourneyExpert,
} from './admin-fixtures';
import { adminCall } from './booking-steps';
import { expectAccessible } from './fixtures';
import { PHONE, expectNoSidewaysScroll, shoot } from './phone';
import { onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';

/** Every day, all day but the last minute: the queue is open whenever the journey runs, and has a next opening. */
const DAILY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '23:59' }));

/** An expert of the journey's own signs in to the expert app, which then tells the server they are there. */
async function expertApp(browser: Browser, expert: JourneyExpert): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await staffSignIn(page, 'expert', expert.email, expert.password);
  await expect(page).toHaveURL(/\/expert\/desktop$/);
  await expect(page.getByLabel('Tilani')).toHaveValue('available');
  await expect(page.getByText(/Nyt: Vapaana/)).toBeVisible();
  return page;
}

test('two experts on duty, one goes away, then the other: the service card counts them, then says nobody is available and when the queue next opens', async ({
  browser,
}) => {
  // Two experts' and a patient's sessions, and the service cards' answer is up to 15 s old (cached) at each step.
  test.setTimeout(180_000);
  const admin = await (await browser.newContext({ viewport: PHONE })).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const tag = Date.now().toString(36);
  const serviceName = `Päivystys ${tag}`;
  const created = await adminCall<{ id: string; chatQueueId: string }>(admin, '/api/admin/services/create', {
    name: { fi: serviceName, se: `Jour ${tag}`, en: `On call ${tag}` },
    description: { fi: 'Kysy hoitajalta', se: 'Fråga en skötare', en: 'Ask a nurse' },
    icon: 'nurse',
    createQueue: true,
    requiresCode: false,
    selfAssessment: 'none',
    areas: [],
    openingHours: { alwaysOpen: false, closed: false, weekly: DAILY, exceptions: [] },
    whenNobodyOnDuty: 'close',
  });
  expect(created.statusCode, JSON.stringify(created)).toBe(200);
  const queueId = created.data.chatQueueId;
  const first = await newExpert(admin, 'Aamu', queueId);
  const second = await newExpert(admin, 'Ilta', queueId);

  // The admin's service form shows the queue's choice.
  await admin.goto(`/admin/addEditService?id=${created.data.id}`);
  const choice = admin.getByRole('group', { name: 'Kun kukaan ei päivystä' });
  await expect(choice.getByRole('radio', { name: /Sulje jono/ })).toBeChecked();
  await expectAccessible(admin);
  await shoot(admin, 'presence-service-form');
  // The service settings hold the idle time after which an expert counts as away.
  await admin.goto('/admin/organization');
  await expect(admin.getByLabel('Poissa, kun käyttämättä (minuuttia)')).toHaveValue('15');
  await expectAccessible(admin);

  const one = await expertApp(browser, first);
  const two = await expertApp(browser, second);
  await expectAccessible(one);
  await expectNoSidewaysScroll(one);
  await shoot(one, 'presence-expert');

  const patient = await (await browser.newContext({ viewport: PHONE })).newPage();
  const family = uniqueFamilyName('Päivystys');
  await signInAsNewPerson(patient, 'Paula', family);
  await onboard(patient, { email: uniqueEmail('paula'), dontShowWelcome: true });
  await patient.goto('/services');
  const card = patient.getByRole('listitem').filter({ has: patient.getByRole('heading', { name: serviceName }) });
  await expect(card).toContainText('2 ammattilaista päivystää nyt', { timeout: 30_000 });
  await expectAccessible(patient);

  // One goes away (keyboard: the status is a native select), and the card counts one.
  await two.getByLabel('Tilani').selectOption('away');
  await expect(two.getByText(/Nyt: Poissa/)).toBeVisible();
  await expect(card).toContainText('1 ammattilainen päivystää nyt', { timeout: 30_000 });

  // The other goes away too: the queue is set to close, so nobody is available, and the card says when it next opens.
  await one.getByLabel('Tilani').selectOption('away');
  await expect(one.getByText(/Nyt: Poissa/)).toBeVisible();
  await expect(card).toContainText('Ammattilaisia ei ole juuri nyt tavoitettavissa', { timeout: 30_000 });
  await expect(card).toContainText(/Seuraavan kerran auki: \S+ \d{1,2}\.\d{1,2}\.\d{4}/);
  await expectAccessible(patient);
  await expectNoSidewaysScroll(patient);
  await shoot(patient, 'presence-card');

  // Back: one on duty again.
  await one.getByLabel('Tilani').selectOption('available');
  await expect(card).toContainText('1 ammattilainen päivystää nyt', { timeout: 30_000 });
});
