import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, newExpert, openFromMenu, staffSignIn, uniqueEmail } from './admin-fixtures';
import { adminCall } from './booking-steps';
import { expectAccessible } from './fixtures';
import { PHONE, expectNoSidewaysScroll, shoot } from './phone';
import { onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';

const NURSE_SERVICE = 'Sairaanhoitajan chat';

/** A patient new to this run, onboarded, who enters the nurse service's queue and waits there. */
async function queueingPatient(browser: Browser, given: string, family: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewPerson(page, given, family);
  await onboard(page, { email: uniqueEmail(given.toLowerCase()), dontShowWelcome: true });
  await page.goto('/services');
  await page.getByRole('link', { name: new RegExp(`^Aloita\\s*: ${NURSE_SERVICE}$`) }).click();
  await page.getByRole('button', { name: 'Ohita oirekysely ja jatka chattiin' }).click();
  await expect(page.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  return page;
}

/** A figure on a queue's card: the definition the term names (`<dl>`), as a screen reader pairs them. */
const figure = (card: Locator, term: string) =>
  card
    .locator('.board-figure')
    .filter({
      has: card
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${term}$`) }),
    })
    .getByRole('definition');

test('an admin watches the queue board: a patient joining and an expert taking them move the counts live', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext({ viewport: PHONE })).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  // An expert of this journey's own serves the nurse queue, so the demo expert's desk is not touched.
  const expert = await newExpert(admin, 'Taulu');

  await openFromMenu(admin, 'Jonotilanne');
  await expect(admin).toHaveURL(/\/admin\/queues$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Jonotilanne' })).toBeVisible();
  const board = (await (await admin.request.get('/api/admin/queues/board')).json()) as {
    data: { queues: { id: string; name: string; waiting: number; inProgress: number }[] };
  };
  const nurse = board.data.queues.find((q) => q.id === 'espoo-nurse')!;
  const queues = admin.getByRole('list', { name: 'Jonot' });
  const card = queues.getByRole('listitem').filter({ has: admin.getByRole('heading', { level: 2, name: nurse.name, exact: true }) });
  await expect(figure(card, 'Jonossa')).toHaveText(String(nurse.waiting));
  await expect(figure(card, 'Käynnissä olevat chatit')).toHaveText(String(nurse.inProgress));
  await expect(card.getByText(expert.name)).toBeVisible();
  await expect(admin.getByText(/^Ajantasainen, päivitetty klo/)).toBeVisible();
  await expectAccessible(admin);
  await expectNoSidewaysScroll(admin);

  // A patient joins the queue in another browser: the board shows them without a reload, and the wait ticks.
  const family = uniqueFamilyName('Taulu');
  const patient = await queueingPatient(browser, 'Tiina', family);
  await expect(figure(card, 'Jonossa')).toHaveText(String(nurse.waiting + 1));
  await expect(figure(card, 'Pisin odotus').locator('time')).toHaveText(/^\d+:\d\d$/);
  // The polite live region says the queue's new count once, not each tick.
  await expect(admin.getByRole('status').filter({ hasText: `${nurse.name}: ${nurse.waiting + 1} jonossa.` })).toBeAttached();
  await expectAccessible(admin);
  await shoot(admin, 'queue-board');

  // The expert takes her: waiting down, in progress up, on the board at once.
  const desk = await (await browser.newContext()).newPage();
  await staffSignIn(desk, 'expert', expert.email, expert.password);
  await expect(desk).toHaveURL(/\/expert\/desktop$/);
  const deskQueues = desk.getByRole('region', { name: 'Jonot' });
  await deskQueues.getByRole('button', { name: new RegExp(`^Ota vastaan\\s*: Tiina ${family}$`) }).click();
  await expect(desk.getByRole('region', { name: 'Chatit' }).getByRole('heading', { level: 3, name: `Tiina ${family}` })).toBeVisible();
  await expect(figure(card, 'Jonossa')).toHaveText(String(nurse.waiting));
  await expect(figure(card, 'Käynnissä olevat chatit')).toHaveText(String(nurse.inProgress + 1));
  await expect(card.getByRole('listitem').filter({ hasText: expert.name })).toContainText('1 avoin chat');
  await expectAccessible(admin);

  // Full screen for a wall: the board alone, bigger; the same button (or Escape) leaves it.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.getByRole('button', { name: 'Koko näyttö' }).click();
  await expect(admin.getByRole('button', { name: 'Poistu koko näytöstä' })).toBeVisible();
  await expect(admin.locator('.queue-board.wall')).toBeVisible();
  await expectAccessible(admin);
  if (process.env.SHOTS_DIR) await admin.screenshot({ path: `${process.env.SHOTS_DIR}/queue-board-wall-1280.png` });
  await admin.getByRole('button', { name: 'Poistu koko näytöstä' }).click();
  await expect(admin.getByRole('button', { name: 'Koko näyttö' })).toBeVisible();
  await expect(admin.locator('.queue-board.wall')).toHaveCount(0);
  await patient.context().close();
  await desk.context().close();
});

test('a shift lead finds the board in the expert app, read-only; an expert who leads no shift neither sees nor opens it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const lead = await newExpert(admin, 'Vuoro');
  const plain = await newExpert(admin, 'Rivi');
  // The admin makes the first one a shift lead (the expert form's switch, through its API).
  const [firstName, lastName] = lead.name.split(' ');
  const updated = await adminCall(admin, `/api/admin/experts/${lead.id}/update`, {
    firstName,
    lastName,
    email: lead.email,
    specializations: ['nurse'],
    communicationLanguage: 'fi',
    chatQueueId: 'espoo-nurse',
    shiftLead: true,
  });
  expect(updated.statusCode, JSON.stringify(updated)).toBe(200);
  await admin.context().close();

  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await staffSignIn(page, 'expert', lead.email, lead.password);
  await expect(page).toHaveURL(/\/expert\/desktop$/);
  const banner = page.getByRole('banner');
  await banner.locator('summary', { hasText: 'Valikko' }).click();
  await banner.getByRole('link', { name: 'Jonotilanne', exact: true }).click();
  await expect(page).toHaveURL(/\/expert\/queues$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jonotilanne' })).toBeVisible();
  const queues = page.getByRole('list', { name: 'Jonot' });
  await expect(queues.getByRole('listitem').filter({ hasText: lead.name })).not.toHaveCount(0);
  // Read-only: nothing on it takes a patient or changes a setting.
  await expect(page.getByRole('main').getByRole('button')).toHaveText(['Koko näyttö']);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'queue-board-lead');
  await page.context().close();

  const other = await (await browser.newContext()).newPage();
  await staffSignIn(other, 'expert', plain.email, plain.password);
  await expect(other).toHaveURL(/\/expert\/desktop$/);
  const otherBanner = other.getByRole('banner');
  await otherBanner.locator('summary', { hasText: 'Valikko' }).click();
  await expect(otherBanner.getByRole('link', { name: 'Jonotilanne', exact: true })).toHaveCount(0);
  await other.goto('/expert/queues');
  await expect(other.getByText('Jonotilanne näkyy vuorovastaaville')).toBeVisible();
  await expect(other.getByRole('list', { name: 'Jonot' })).toHaveCount(0);
  await expectAccessible(other);
  await other.context().close();
});
