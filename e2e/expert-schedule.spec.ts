import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { adminCall, finnishDate, helsinkiDate, helsinkiTime } from './booking-steps';

const DEMO_EXPERT = 'expert@espoo.example';
const DEMO_EXPERT_NAME = 'Eeva Asiantuntija';
/** A valid identity code in the temporary range (900–999), with its checksum. */
const PATIENT_SSN = '010190-902S';

test('a demo expert sees the day, opens an appointment with its answers, adds and deletes a break, and lists bookings and history', async ({
  page,
  browser,
}) => {
  const tomorrow = helsinkiDate(1);
  const patientEmail = uniqueEmail('potilas');

  // A known state tomorrow evening: an organisation admin opens 19.00 and 19.30 for the demo expert and books the
  // 19.30 one for a patient, with a pre-questionnaire answer.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const experts = await adminCall<{ id: string; name: string }[]>(admin, '/api/admin/bookings/experts');
  const expert = experts.data.find((e) => e.name === DEMO_EXPERT_NAME);
  expect(expert).toBeDefined();
  // Open times belong to a service (issue 29): the nurse's.
  const services = await adminCall<{ id: string; name: { fi: string } }[]>(admin, '/api/admin/bookings/services');
  const service = services.data.find((s) => s.name.fi === 'Sairaanhoitajan chat');
  expect(service).toBeDefined();
  const opened = await adminCall(admin, '/api/admin/bookings/timeslots/open', {
    serviceId: service!.id,
    expertIds: [expert!.id],
    from: tomorrow,
    to: tomorrow,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: '19:00',
    dayEnd: '20:00',
    slotMinutes: 30,
    breaks: [],
  });
  expect(opened.statusCode).toBe(200);
  const slots = await adminCall<{ id: string; startTime: number }[]>(
    admin,
    `/api/admin/bookings/timeslots?date=${tomorrow}&expertId=${expert!.id}`,
  );
  const slot = slots.data.find((s) => helsinkiTime(s.startTime) === '19:30');
  expect(slot).toBeDefined();
  const created = await adminCall<{ id: string }>(admin, '/api/admin/bookings/create', {
    kind: 'oneOnOne',
    timeslotId: slot!.id,
    expertId: expert!.id,
    date: tomorrow,
    startTime: '19:30',
    durationMinutes: 30,
    patient: { ssn: PATIENT_SSN, firstName: 'Pirkko', lastName: 'Potilas', email: patientEmail, language: 'fi', nationality: 'FI' },
    sendConfirmation: false,
    preQuestionnaire: [{ id: 'e2e-q1', question: 'Mikä vaivaa?', answer: 'Selkä on kipeä.' }],
  });
  expect(created.statusCode).toBe(200);
  await adminContext.close();

  // Today's schedule opens from the menu.
  await staffSignIn(page, 'expert', DEMO_EXPERT);
  await expect(page).toHaveURL(/\/expert\/desktop$/);
  const banner = page.getByRole('banner');
  await banner.locator('summary', { hasText: 'Valikko' }).click();
  const scheduleLink = banner.getByRole('link', { name: 'Päivän aikataulu' });
  await scheduleLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Päivän aikataulu' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`${finnishDate(helsinkiDate(0)).replace(/\./g, '\\.')}$`) }),
  ).toBeVisible();
  await expect(page.getByLabel('Päivä', { exact: true })).toHaveValue(helsinkiDate(0));
  await expect(page.getByRole('table').or(page.getByText('Tälle päivälle ei ole tapaamisia eikä taukoja.'))).toBeVisible();
  await expectAccessible(page);

  // The next day holds the appointment, shown as Reserved with the patient's name.
  await page.getByRole('button', { name: 'Seuraava päivä' }).click();
  await expect(page).toHaveURL(new RegExp(`/expert/schedule\\?date=${tomorrow}$`));
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`${finnishDate(tomorrow).replace(/\./g, '\\.')}$`) })).toBeVisible();
  const row = page.getByRole('row', { name: /19\.30–20\.00/ });
  await expect(row).toContainText('Varattu');
  await expect(row).toContainText('Pirkko Potilas');
  await expect(row).toContainText('30 min');
  await expect(page.getByRole('row', { name: /19\.00–19\.30/ })).toContainText('Vapaa');
  await expectAccessible(page);

  // The list refreshes every 5 s without taking the focus or the half-typed break away.
  const start = page.getByLabel('Alkaa');
  await start.fill('21:00');
  await start.focus();
  await page.waitForResponse((r) => r.url().includes(`/api/expert/schedule?date=${tomorrow}`));
  await expect(start).toBeFocused();
  await expect(start).toHaveValue('21:00');

  // A break over the reserved appointment is refused; one in free time is added, then deleted after a question.
  await page.getByLabel('Päättyy').fill('20:45');
  await page.getByRole('button', { name: 'Lisää tauko' }).click();
  await expect(page.getByLabel('Päättyy')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Päättymisajan täytyy olla alkamisajan jälkeen.')).toBeVisible();
  await start.fill('19:45');
  await page.getByLabel('Päättyy').fill('20:15');
  await page.getByRole('button', { name: 'Lisää tauko' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Tauko menee päällekkäin varatun tapaamisen tai toisen tauon kanssa.' }),
  ).toBeVisible();
  await expectAccessible(page);
  await start.fill('21:00');
  await page.getByLabel('Päättyy').fill('21:30');
  await page.getByRole('button', { name: 'Lisää tauko' }).click();
  await expect(page.getByText('Tauko lisätty')).toBeVisible();
  const breakRow = page.getByRole('row', { name: /21\.00–21\.30/ });
  await expect(breakRow).toContainText('Tauko');
  await expect(breakRow).toContainText('30 min');
  await breakRow.getByRole('button', { name: 'Poista tauko 21.00–21.30' }).click();
  const ask = page.getByRole('dialog', { name: 'Poistetaanko tauko?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Poista tauko' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('Tauko poistettu')).toBeVisible();
  await expect(page.getByRole('row', { name: /21\.00–21\.30/ })).toHaveCount(0);

  // The appointment's details: time, status, kind, the participant with a hidden identity code, the answers.
  await row.getByRole('link', { name: /^Tiedot: 19\.30–20\.00 Pirkko Potilas$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/expert/appointment\\?id=${created.data.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Tapaamisen tiedot' })).toBeVisible();
  await expect(page.getByText(/19\.30–20\.00 \(30 min\)/)).toBeVisible();
  await expect(page.getByText('Kahdenkeskinen')).toBeVisible();
  const participants = page.getByRole('region', { name: 'Osallistujat' });
  await expect(participants).toContainText('Pirkko Potilas');
  await expect(participants).toContainText(patientEmail);
  await expect(participants).toContainText('suomi');
  await expect(participants.getByText('010190-****')).toBeVisible();
  await expect(participants.getByText(PATIENT_SSN)).toHaveCount(0);
  await participants.getByRole('button', { name: 'Näytä henkilön Pirkko Potilas henkilötunnus' }).click();
  await expect(participants.getByText(PATIENT_SSN)).toBeVisible();
  const answers = page.getByRole('region', { name: 'Esitietokyselyn vastaukset' });
  await expect(answers).toContainText('Mikä vaivaa?');
  await expect(answers).toContainText('Selkä on kipeä.');
  // Surveys come with a later issue: no section for them, not even a note.
  await expect(page.getByRole('main').getByRole('heading', { name: /Kysely/ })).toHaveCount(0);
  await expectAccessible(page);

  // Back returns to the day it was opened from.
  await page.getByRole('link', { name: 'Takaisin' }).click();
  await expect(page).toHaveURL(new RegExp(`/expert/schedule\\?date=${tomorrow}$`));

  // All bookings from today on; narrowed to tomorrow and a status, each row opening its details.
  await banner.locator('summary', { hasText: 'Valikko' }).click();
  await banner.getByRole('link', { name: 'Kaikki varaukset' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kaikki varaukset' })).toBeVisible();
  await expect(page.getByLabel('Alkaen')).toHaveValue(helsinkiDate(0));
  await expect(page.getByRole('table').or(page.getByText('Rajauksilla ei löytynyt varauksia.'))).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Alkaen').fill(tomorrow);
  await page.getByLabel('Päättyen').fill(helsinkiDate(0));
  await page.getByRole('button', { name: 'Näytä', exact: true }).click();
  await expect(page.getByText('Päättymispäivä ei voi olla ennen alkamispäivää.')).toBeVisible();
  await page.getByLabel('Päättyen').fill(tomorrow);
  await page.getByLabel('Tila', { exact: true }).selectOption({ label: 'Peruttu' });
  await page.getByRole('button', { name: 'Näytä', exact: true }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByRole('row', { name: /Pirkko Potilas/ })).toHaveCount(0);
  await page.getByLabel('Tila', { exact: true }).selectOption({ label: 'Varattu (henkilökunta varasi)' });
  await page.getByRole('button', { name: 'Näytä', exact: true }).click();
  await expect(page).toHaveURL(/status=booked/);
  const bookingRow = page.getByRole('row', { name: /Pirkko Potilas/ });
  await expect(bookingRow).toContainText('Varattu');
  await expect(bookingRow).toContainText('19.30');
  await expectAccessible(page);
  await bookingRow.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tapaamisen tiedot' })).toBeVisible();
  await page.getByRole('link', { name: 'Takaisin' }).click();
  await expect(page).toHaveURL(new RegExp(`/expert/allBookings\\?from=${tomorrow}&to=${tomorrow}&status=booked$`));
  await expect(page.getByLabel('Tila', { exact: true })).toHaveValue('booked');
  await expect(page.getByRole('row', { name: /Pirkko Potilas/ })).toBeVisible();

  // The history of ended appointments.
  await banner.locator('summary', { hasText: 'Valikko' }).click();
  await banner.getByRole('link', { name: 'Yhteydenottohistoria' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Yhteydenottohistoria' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ajanvaraukset' }).or(page.getByText('Päättyneitä tapaamisia ei vielä ole.'))).toBeVisible();
  await expectAccessible(page);
});
