import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { adminCall, clearExpertTime, finnishDate, helsinkiDate, helsinkiTime } from './booking-steps';
import { onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';
import { PHONE, expectNoSidewaysScroll, shoot } from './phone';

/** The demo nurse, and the nurse service: the demo sends its symptom questionnaire before each of its appointments. */
const NURSE_NAME = 'Eeva Asiantuntija';
const NURSE_QUEUE = 'espoo-nurse';
const VIDEO = 'Videovastaanotto';
const DEVICE_CHECK = 'Testaa kamera, mikrofoni ja yhteys ennen videovastaanottoa';

// Times show in the browser's zone; the organisation's days and the expected wall-clock times are Helsinki's.
test.use({ timezoneId: 'Europe/Helsinki' });

/** The id of the newest e-mail to `to` whose subject starts with `subject`, once the outbox worker has delivered it. */
async function mailTo(page: Page, to: string, subject: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/inbox?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { data: { messages: { id: string; subject: string }[] } };
        id = body.data.messages.find((m) => m.subject.startsWith(subject))?.id;
        return id !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return id!;
}

/**
 * Issue 29, majors 3 and 4: a patient on a phone books a video time of the nurse service. The slot says video, so do
 * the confirmation, the success page (how to join, the device check), the calendar file, the confirmation e-mail,
 * the landing and the appointment modal; the success page asks for the symptom questionnaire with a direct link.
 */
test('a patient books a video time: video on the slot, the confirmation, the success page, the calendar entry and the e-mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  const day = helsinkiDate(3);

  // The organisation admin opens one video time of the nurse service for the demo nurse, late in the evening three
  // days ahead, with nothing else of hers in the way.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const experts = await adminCall<{ id: string; name: string }[]>(admin, '/api/admin/bookings/experts');
  const nurse = experts.data.find((e) => e.name === NURSE_NAME)!;
  expect(nurse).toBeDefined();
  const services = await adminCall<{ id: string; chatQueueId: string }[]>(admin, '/api/admin/services/list');
  const service = services.data.find((s) => s.chatQueueId === NURSE_QUEUE)!;
  expect(service).toBeDefined();
  const plan = { expertIds: [nurse.id], from: day, to: day, weekdays: [1, 2, 3, 4, 5, 6, 7], breaks: [], serviceId: service.id };
  const window = { dayStart: '21:30', dayEnd: '22:00', slotMinutes: 30 };
  // 21.30 in Helsinki: two hours ahead of UTC in winter, three in summer.
  const winter = Date.parse(`${day}T19:30:00Z`);
  const startMs = helsinkiTime(winter) === '21:30' ? winter : winter - 3_600_000;
  await clearExpertTime(admin, nurse.id, startMs, 30);
  const opened = await adminCall<{ created: number }>(admin, '/api/admin/bookings/timeslots/open', { ...plan, ...window, kind: 'video' });
  expect(opened.statusCode, JSON.stringify(opened)).toBe(200);
  expect(opened.data.created).toBe(1);

  // A patient new to this run searches the nurse's free times for that day.
  const family = uniqueFamilyName('Videonen');
  const email = uniqueEmail('video.booker');
  await signInAsNewPerson(page, 'Veera', family);
  await onboard(page, { email, dontShowWelcome: true });
  await page.goto('/book');
  await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
  await page.getByLabel('Ammattilainen').selectOption({ label: 'Sairaanhoitaja' });
  await page.getByLabel('Päivämäärä').fill(day);
  await page.getByRole('button', { name: 'Hae vapaat ajat' }).click();

  // The slot says video, in words beside its icon.
  const slot = page.getByRole('button', { name: new RegExp(`^21\\.30\\s+${VIDEO}\\s+30 minuuttia · ${NURSE_NAME}$`) });
  await expect(slot).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'book-video-slots');

  // The confirmation says video too.
  await slot.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vahvista varaus' })).toBeVisible();
  const facts = page.locator('.facts');
  await expect(facts.getByRole('definition').filter({ hasText: VIDEO })).toBeVisible();
  await expect(facts.getByRole('term').filter({ hasText: 'Vastaanoton tapa' })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'book-video-confirm');
  const answers = page.getByRole('group', { name: 'Kysymykset ennen vastaanottoa' }).getByRole('textbox');
  for (let i = 0; i < (await answers.count()); i++) await answers.nth(i).fill(`Vastaus ${i + 1}`);
  await page.getByRole('button', { name: 'Vahvista varaus' }).click();

  // Success: video, how to join it, the device check ahead of time, and the symptom questionnaire with a direct link.
  await expect(page.getByRole('heading', { level: 2, name: 'Aikasi on varattu' })).toBeVisible();
  await expect(page.locator('.facts').getByRole('definition').filter({ hasText: VIDEO })).toBeVisible();
  await expect(page.getByText(/^Vastaanotto on videovastaanotto: liity videopuheluun tästä palvelusta sovittuna aikana/)).toBeVisible();
  await expect(page.getByRole('link', { name: DEVICE_CHECK })).toHaveAttribute('href', '/device-check');
  const questionnaire = page.getByRole('region', { name: 'Vastaa oirekyselyyn ennen käyntiäsi' });
  const answerLink = questionnaire.getByRole('link', { name: 'Vastaa kyselyyn: Oirekysely' });
  await expect(answerLink).toHaveAttribute('href', /^\/survey\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Vahvistus lähetettiin osoitteeseen ${email}.`)).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'book-video-success');

  // The calendar entry says video.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Lisää kalenteriin (.ics)' }).click();
  const ics = await readFile((await (await download).path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR/);
  expect(ics).toMatch(/video/i);

  // The direct link opens the questionnaire.
  await answerLink.click();
  await expect(page).toHaveURL(/\/survey\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kysely' })).toBeVisible();

  // The landing's upcoming list says video; its modal links the device check ahead of time.
  await page.goto('/landing');
  const upcoming = page.getByRole('button', { name: new RegExp(`${finnishDate(day)}.*${VIDEO}`) });
  await expect(upcoming).toBeVisible();
  await upcoming.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('definition').filter({ hasText: VIDEO })).toBeVisible();
  await expect(modal.getByRole('link', { name: DEVICE_CHECK })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'book-video-modal');
  await modal.getByRole('link', { name: DEVICE_CHECK }).click();
  await expect(page).toHaveURL(/\/device-check$/);

  // The confirmation e-mail in the demo inbox says video and links the device check.
  const mailId = await mailTo(page, email, 'Ajanvaraus vahvistettu');
  await page.goto(`/dev/inbox/${mailId}`);
  await expect(page.locator('body')).toContainText(/video/i);
  await expect(page.getByRole('link', { name: /\/device-check$/ }).first()).toBeVisible();

  // Leave the nurse's evening as it was: the booked time is cancelled by the admin.
  await clearExpertTime(admin, nurse.id, startMs, 30);
  await adminContext.close();
});
