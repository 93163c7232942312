import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseOrganisation, DEMO_ORGANISATION, newExpert, ORG_ADMIN, staffSignIn, uniqueEmail } from './admin-fixtures';
import { adminCall } from './booking-steps';
import { expectAccessible } from './fixtures';
import { onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';
import { expectNoSidewaysScroll, PHONE, shoot } from './phone';

const FRAME = 'iframe[title="Oirekyselyn kysymykset"]';

/**
 * Issue 29, red-flag steering in the chat: a service and a nurse of this journey's own (no other journey's patients
 * wait in its queue), with an optional self-assessment.
 */
async function ownServiceAndNurse(browser: Browser) {
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const name = `Punaliputettu chat ${Date.now().toString(36)}`;
  const created = await adminCall<{ chatQueueId: string }>(admin, '/api/admin/services/create', {
    name: { fi: name, se: name, en: name },
    description: { fi: 'Oirekysely ennen chattia.', se: 'Symtombedömning före chatten.', en: 'Self-assessment before the chat.' },
    icon: 'nurse',
    createQueue: true,
    requiresCode: false,
    selfAssessment: 'optional',
    areas: [],
  });
  expect(created.statusCode, JSON.stringify(created)).toBe(200);
  const nurse = await newExpert(admin, 'Hilkka', created.data.chatQueueId);
  await admin.context().close();
  return { service: name, nurse };
}

/** A patient new to this run, onboarded, opening the service's chat (on a phone when asked). */
async function startsChat(browser: Browser, given: string, family: string, service: string, phone = false): Promise<Page> {
  const page = await (await browser.newContext(phone ? { viewport: PHONE } : {})).newPage();
  await signInAsNewPerson(page, given, family);
  await onboard(page, { email: uniqueEmail(given.toLowerCase()), dontShowWelcome: true });
  await page.goto('/services');
  await page.getByRole('link', { name: new RegExp(`^Aloita\\s*: ${service}$`) }).click();
  await expect(page.getByRole('heading', { name: 'Oirekysely' })).toBeVisible();
  return page;
}

test('chest pain in the self-assessment: call 112 before any queue, and if the patient goes on, the nurse sees the emergency first', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { service, nurse } = await ownServiceAndNurse(browser);

  // An ordinary patient skips the self-assessment and waits first.
  const ordinaryFamily = uniqueFamilyName('Tavallinen');
  const ordinaryName = `Olli ${ordinaryFamily}`;
  const ordinary = await startsChat(browser, 'Olli', ordinaryFamily, service);
  await ordinary.getByRole('button', { name: 'Ohita oirekysely ja jatka chattiin' }).click();
  await expect(ordinary.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  await expect(ordinary.locator('.waiting-position')).toHaveText('1');

  // The nurse's desk is open before the emergency patient comes.
  const desk = await (await browser.newContext()).newPage();
  await staffSignIn(desk, 'expert', nurse.email, nurse.password);
  const queues = desk.getByRole('region', { name: 'Jonot' });
  const waiting = queues.getByRole('list', { name: /^Jonossa: / }).getByRole('listitem');
  await expect(waiting).toHaveCount(1);

  // On a phone, a second patient ticks chest pain among the red flags.
  const emergencyFamily = uniqueFamilyName('Hätä');
  const emergencyName = `Eino ${emergencyFamily}`;
  const patient = await startsChat(browser, 'Eino', emergencyFamily, service, true);
  const frame = patient.frameLocator(FRAME);
  await frame.getByRole('radio', { name: 'Kipu muualla (esim. selkä, pää, nivelet)' }).check();
  await frame.getByRole('radio', { name: 'Alle vuorokauden' }).check();
  await frame.getByRole('group', { name: 'Onko sinulla yli 38 asteen kuumetta?' }).getByRole('radio', { name: 'Ei' }).check();
  await frame.getByRole('spinbutton', { name: 'Kuinka voimakkaita oireesi ovat asteikolla 0–10?' }).fill('7');
  await frame.getByRole('checkbox', { name: 'Puristava rintakipu' }).check();
  await frame.getByRole('button', { name: 'Lähetä vastaukset' }).click();

  // At once, before any queue: seek care now, call 112 (the main button) or go to the emergency department.
  const notice = patient.getByRole('region', { name: 'Hakeudu heti hoitoon' });
  await expect(notice.getByRole('heading', { level: 2, name: 'Hakeudu heti hoitoon' })).toBeFocused();
  const call = notice.getByRole('link', { name: 'Soita hätänumeroon 112' });
  await expect(call).toHaveAttribute('href', 'tel:112');
  await expect(notice.getByText('mene lähimpään päivystykseen')).toBeVisible();
  await expect(patient.getByText('Paikkasi jonossa:')).toHaveCount(0);
  await expect(patient.getByRole('heading', { name: 'Olet jonossa' })).toHaveCount(0);
  // The call button comes before "continue anyway" and both fit the phone's width.
  const [callBox, goBox] = [await call.boundingBox(), await notice.getByRole('button', { name: 'Jatka chattiin silti' }).boundingBox()];
  expect(callBox!.y).toBeLessThan(goBox!.y);
  await expectNoSidewaysScroll(patient);
  await expectAccessible(patient);
  await shoot(patient, 'chat-red-flag-notice');
  // Nobody is in the queue for this patient yet.
  await expect(waiting).toHaveCount(1);

  // The patient chooses to go on anyway: first in line, ahead of the one who came earlier.
  await notice.getByRole('button', { name: 'Jatka chattiin silti' }).click();
  await expect(patient.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  await expect(patient.locator('.waiting-position')).toHaveText('1');
  await expect(ordinary.locator('.waiting-position')).toHaveText('2');

  // The nurse hears and sees it: listed first with the badge in words, announced assertively.
  await expect(waiting).toHaveCount(2);
  await expect(waiting.first()).toContainText(emergencyName);
  await expect(waiting.first().locator('.urgency-badge')).toHaveText('Hätätilanne – 112');
  await expect(waiting.nth(1)).toContainText(ordinaryName);
  await expect(waiting.nth(1).locator('.urgency-badge')).toHaveCount(0);
  await expect(desk.locator('[aria-live="assertive"]')).toContainText(`Hätätilanne jonossa ${service}: ${emergencyName}.`);
  await expectAccessible(desk);

  // Taken, the chat's header says it too.
  await queues.getByRole('button', { name: 'Ota seuraava' }).click();
  const chat = desk.getByRole('region', { name: 'Chatit' }).getByRole('article', { name: emergencyName });
  await expect(chat.locator('.chat-urgency')).toContainText('Hätätilanne – 112');
  await expectAccessible(desk);

  for (const page of [patient, ordinary, desk]) await page.context().close();
});
