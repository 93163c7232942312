import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn, uniqueEmail } from './admin-fixtures';
import { adminCall, clearExpertTime, helsinkiDate, helsinkiTime } from './booking-steps';
import { expectAccessible } from './fixtures';
import { PHONE } from './phone';
import { onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';

const NURSE = 'expert@espoo.example';
const NURSE_NAME = 'Eeva Asiantuntija';

/** Screenshots at a phone's and a desktop's width, into the test's output folder. */
async function shots(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
}

/**
 * Who has used my data (issue 33 point 5, the client-data act 703/2023): the nurse opens a patient's appointment in
 * the expert app; the patient sees on their profile that she did (her name, title, organisation, what, when); an
 * admin finds the same row in the audit log by the patient's identity code and downloads it as CSV.
 */
test('a patient sees that the nurse opened their appointment, and an admin finds it by identity code', async ({ page, browser }) => {
  const familyName = uniqueFamilyName('Lokinen');
  const patientName = `Liisa ${familyName}`;

  // The patient signs in for the first time and onboards in the demo organisation.
  const ssn = await signInAsNewPerson(page, 'Liisa', familyName);
  await onboard(page, { email: uniqueEmail('liisa') });

  // An admin opens a time tomorrow evening for the nurse and books it for the patient.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const tomorrow = helsinkiDate(1);
  const experts = await adminCall<{ id: string; name: string }[]>(admin, '/api/admin/bookings/experts');
  const nurse = experts.data.find((e) => e.name === NURSE_NAME)!;
  const services = await adminCall<{ id: string; name: { fi: string } }[]>(admin, '/api/admin/bookings/services');
  const service = services.data.find((s) => s.name.fi === 'Sairaanhoitajan chat')!;
  // 17.00 in Helsinki, whichever offset the day has.
  const slotStart = [2, 3].map((h) => Date.parse(`${tomorrow}T17:00:00+0${h}:00`)).find((ms) => helsinkiTime(ms) === '17:00')!;
  await clearExpertTime(admin, nurse.id, slotStart, 30);
  const opened = await adminCall(admin, '/api/admin/bookings/timeslots/open', {
    serviceId: service.id,
    expertIds: [nurse.id],
    from: tomorrow,
    to: tomorrow,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: '17:00',
    dayEnd: '17:30',
    slotMinutes: 30,
    breaks: [],
  });
  expect(opened.statusCode).toBe(200);
  const slots = await adminCall<{ id: string; startTime: number }[]>(
    admin,
    `/api/admin/bookings/timeslots?date=${tomorrow}&expertId=${nurse.id}`,
  );
  const slot = slots.data.find((s) => helsinkiTime(s.startTime) === '17:00')!;
  const created = await adminCall<{ id: string }>(admin, '/api/admin/bookings/create', {
    kind: 'oneOnOne',
    timeslotId: slot.id,
    expertId: nurse.id,
    date: tomorrow,
    startTime: '17:00',
    durationMinutes: 30,
    patient: { ssn, firstName: 'Liisa', lastName: familyName, email: uniqueEmail('liisa'), language: 'fi', nationality: 'FI' },
    sendConfirmation: false,
  });
  expect(created.statusCode).toBe(200);

  // The nurse opens the appointment in the expert app.
  const nurseContext = await browser.newContext();
  const expert = await nurseContext.newPage();
  await staffSignIn(expert, 'expert', NURSE);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);
  await expert.goto(`/expert/appointment?id=${created.data.id}`);
  await expect(expert.getByRole('heading', { level: 1, name: 'Tapaamisen tiedot' })).toBeVisible();
  await expect(expert.getByRole('region', { name: 'Osallistujat' })).toContainText(patientName);
  const openedBy = Date.now();
  await nurseContext.close();

  // The patient opens the profile and sees who opened their appointment, when.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Kuka on käyttänyt tietojani' });
  await expect(section).toBeVisible();
  const line = section.getByRole('row').filter({ hasText: NURSE_NAME }).filter({ hasText: 'avasi ajanvarauksesi' });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Sairaanhoitaja');
  await expect(line).toContainText(DEMO_ORGANISATION);
  // When: the date and time in words, and in the markup the moment itself, just before the nurse's page showed.
  await expect(line).toContainText(/\d{1,2}\.\d{1,2}\.\d{4}.*\d{1,2}[.:]\d{2}/);
  const at = Date.parse((await line.locator('time').getAttribute('datetime'))!);
  expect(openedBy - at).toBeGreaterThanOrEqual(0);
  expect(openedBy - at).toBeLessThan(120_000);
  await expectAccessible(page);
  await section.scrollIntoViewIfNeeded();
  await shots(page, 'access-log-patient');

  // The admin finds the same read by the patient's identity code, and downloads it.
  await openFromMenu(admin, 'Tapahtumaloki');
  await expect(admin.getByRole('heading', { level: 1, name: 'Tapahtumaloki' })).toBeVisible();
  await expect(admin).toHaveTitle(/^Tapahtumaloki – /);
  await expectAccessible(admin);
  await admin.getByLabel('Potilaan henkilötunnus').fill(ssn);
  await admin.getByLabel('Toiminto', { exact: true }).selectOption({ label: 'Katsoi ajanvarausta' });
  await admin.getByRole('button', { name: 'Hae', exact: true }).click();
  // Each opening of the page is a row of its own here (the patient's log merges them).
  const row = admin.getByRole('row').filter({ hasText: NURSE_NAME }).first();
  await expect(row).toBeVisible();
  // The nurse by her title, as the patient's log names her.
  await expect(row).toContainText('Sairaanhoitaja');
  await expect(row).toContainText('Katsoi ajanvarausta');
  await expect(row).toContainText(patientName);
  await expect(row).toContainText(created.data.id);
  await expectAccessible(admin);
  await shots(admin, 'access-log-admin');

  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Lataa CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
  expect(header).toBe('Aika;Tekijä;Rooli;Toiminto;Kohteen tyyppi;Kohde;Potilas');
  expect(lines).toContainEqual(
    expect.stringContaining(`;${NURSE_NAME};Sairaanhoitaja;Katsoi ajanvarausta;Aika;${created.data.id};${patientName}`),
  );
  await adminContext.close();
});
