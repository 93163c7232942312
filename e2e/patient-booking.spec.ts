import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { adminCall, finnishDate, finnishDayHeading, helsinkiDate, helsinkiTime } from './booking-steps';
import { onboard, signInAsNewPerson } from './patient-steps';

const DEMO_EXPERT_NAME = 'Eeva Asiantuntija';
const E2E_QUESTION = 'Mikä on ajanvarauksen syy? (e2e)';

// Times show in the browser's zone; the organisation's days and the expected wall-clock times are Helsinki's.
test.use({ timezoneId: 'Europe/Helsinki' });

test('a patient books a free time with the pre-questionnaire, sees it on the landing and in the booked list, and cancels it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const day = helsinkiDate(2);

  // An organisation admin opens the evening two days ahead for the demo nurse (20.00–21.00, 20 minutes a time) and
  // makes sure the organisation's pre-questionnaire has a mandatory question.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const experts = await adminCall<{ id: string; name: string }[]>(admin, '/api/admin/bookings/experts');
  const expert = experts.data.find((e) => e.name === DEMO_EXPERT_NAME)!;
  expect(expert).toBeDefined();
  // Open times belong to a service (issue 29): the nurse service's, held by chat.
  const services = await adminCall<{ id: string; chatQueueId: string }[]>(admin, '/api/admin/services/list');
  const service = services.data.find((s) => s.chatQueueId === 'espoo-nurse')!;
  expect(service).toBeDefined();
  const opened = await adminCall(admin, '/api/admin/bookings/timeslots/open', {
    expertIds: [expert.id],
    from: day,
    to: day,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: '20:00',
    dayEnd: '21:00',
    slotMinutes: 20,
    breaks: [],
    serviceId: service.id,
    kind: 'chat',
  });
  expect(opened.statusCode, JSON.stringify(opened)).toBe(200);
  const openSlots = async () =>
    (await adminCall<{ id: string; startTime: number }[]>(admin, `/api/admin/bookings/timeslots?date=${day}&expertId=${expert.id}`)).data;
  const slot = (await openSlots()).find((s) => helsinkiTime(s.startTime) === '20:20')!;
  expect(slot).toBeDefined();

  await openFromMenu(admin, 'Esikysely');
  await expect(admin.getByRole('heading', { level: 1, name: 'Esikysely' })).toBeVisible();
  const questions = admin.getByRole('group', { name: /^Kysymys \d+$/ });
  const before = await questions.count();
  let added = false;
  if ((await admin.getByLabel('Pakollinen').and(admin.locator(':checked')).count()) === 0) {
    await admin.getByRole('button', { name: 'Lisää kysymys' }).click();
    const question = admin.getByRole('group', { name: `Kysymys ${before + 1}` });
    await question.getByLabel('Suomeksi').fill(E2E_QUESTION);
    await question.getByLabel('Ruotsiksi').fill('Vad är orsaken till bokningen? (e2e)');
    await question.getByLabel('Englanniksi').fill('What is the reason for booking? (e2e)');
    await admin.getByLabel('Pakollinen').last().check();
    await admin.getByRole('button', { name: 'Tallenna' }).first().click();
    await expect(admin.getByText('Tallennettu', { exact: true })).toBeVisible();
    added = true;
  }

  // A patient new to this run signs in and opens the book page from the landing's tile.
  await signInAsNewPerson(page, 'Varaaja', 'Testinen');
  await onboard(page, { email: 'varaaja.testinen@example.fi', dontShowWelcome: true });
  await page
    .getByRole('navigation', { name: 'Palvelut' })
    .getByRole('link', { name: /Varaa aika/ })
    .click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
  await expect(page).toHaveTitle(/^Varaa aika – /);
  const date = page.getByLabel('Päivämäärä');
  await expect(date).toHaveValue(helsinkiDate(0));
  await expect(page.getByRole('button', { name: 'Edellinen päivä' })).toBeDisabled();
  await expectAccessible(page);

  // Spec §5: a specialization is required; a day without free times says so, and when the next free time is.
  await page.getByRole('button', { name: 'Hae vapaat ajat' }).click();
  await expect(page.getByText('Valitse ammattilainen.')).toBeVisible();
  await page.getByLabel('Ammattilainen').selectOption({ label: 'Sairaanhoitaja' });
  await date.fill(helsinkiDate(200));
  await page.getByRole('button', { name: 'Hae vapaat ajat' }).click();
  await expect(page.getByText('Päivälle ei ole vapaita aikoja.')).toBeVisible();
  await expect(page.getByText(/Myöhempiäkään vapaita aikoja ei ole\.|Seuraava vapaa aika: /)).toBeVisible();

  // Previous and next day move the search one day at a time.
  await date.fill(helsinkiDate(1));
  await page.getByRole('button', { name: 'Seuraava päivä' }).click();
  await expect(date).toHaveValue(day);
  await expect(page.getByRole('heading', { level: 3, name: finnishDayHeading(day) })).toBeVisible();
  // Each time says how it is held (issue 29): the nurse's are chat.
  const slotButton = page.getByRole('button', { name: new RegExp(`^20\\.20\\s+Chat-vastaanotto\\s+20 minuuttia · ${DEMO_EXPERT_NAME}$`) });
  await expect(slotButton).toBeVisible();
  await expectAccessible(page);

  // A click locks the time: the confirmation counts the hold down, and the admin no longer sees the time as free.
  await slotButton.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vahvista varaus' })).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Aikaa vahvistaa' });
  await expect(timer).toHaveText(/^(15:00|14:[0-5]\d)$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!);
  await expect.poll(async () => (await openSlots()).some((s) => s.id === slot.id)).toBe(false);
  await expectAccessible(page);

  // In-app navigation asks first; staying keeps the hold.
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Etusivu' }).click();
  const leave = page.getByRole('dialog', { name: 'Poistutaanko varaamatta?' });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Jää vahvistamaan' }).click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(timer).toBeVisible();

  // The browser's Back asks the same (the confirmation is a history entry of its own); staying keeps the hold.
  await page.goBack({ waitUntil: 'commit' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Jää vahvistamaan' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Vahvista varaus' })).toBeVisible();
  await expect(timer).toBeVisible();

  // Going back to the search and leaving unlocks the time: it is free again for everyone.
  await page.getByRole('button', { name: 'Takaisin hakuun' }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Poistu' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Hae vapaata aikaa' })).toBeVisible();
  await expect.poll(async () => (await openSlots()).some((s) => s.id === slot.id)).toBe(true);

  // Reloading the page while holding asks the browser's question; going ahead gives the time back as the page unloads.
  await slotButton.click();
  await expect(timer).toBeVisible();
  await expect.poll(async () => (await openSlots()).some((s) => s.id === slot.id)).toBe(false);
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload');
    void dialog.accept();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Hae vapaata aikaa' })).toBeVisible();
  await expect.poll(async () => (await openSlots()).some((s) => s.id === slot.id)).toBe(true);
  await page.getByLabel('Ammattilainen').selectOption({ label: 'Sairaanhoitaja' });
  await date.fill(day);
  await page.getByRole('button', { name: 'Hae vapaat ajat' }).click();

  // Lock it again; the mandatory question must be answered before the booking goes through.
  await slotButton.click();
  await expect(timer).toBeVisible();
  await page.getByRole('button', { name: 'Vahvista varaus' }).click();
  await expect(page.getByRole('alert')).toHaveText('Sinun täytyy vastata kaikkiin pakollisiin kysymyksiin');
  await expectAccessible(page);
  const answers = page.getByRole('group', { name: 'Kysymykset ennen vastaanottoa' }).getByRole('textbox');
  for (let i = 0; i < (await answers.count()); i++) await answers.nth(i).fill(`Vastaus ${i + 1}`);
  await page.getByRole('button', { name: 'Vahvista varaus' }).click();

  // Success: the organisation's confirmation text, and the way on to the booked list.
  await expect(page.getByRole('heading', { level: 2, name: 'Aikasi on varattu' })).toBeVisible();
  await expect(page.getByText('Aikasi on varattu.', { exact: true })).toBeVisible();
  // How it will happen, where the confirmation went, and the appointment as a calendar file.
  await expect(
    page.getByText(
      /^Vastaanotto on chat-vastaanotto: ammattilainen avaa chatin sovittuna aikana\. Aloita vastaanotto palvelun etusivulta aikaisintaan 5 minuuttia ennen alkua/,
    ),
  ).toBeVisible();
  await expect(page.getByText('Vahvistus lähetettiin osoitteeseen varaaja.testinen@example.fi.')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Lisää kalenteriin (.ics)' }).click();
  expect((await download).suggestedFilename()).toBe('appointment.ics');
  await expectAccessible(page);

  // The landing shows it; its modal offers start (not yet) and cancel (more than 24 h ahead).
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Etusivu' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  const upcoming = page.getByRole('button', { name: new RegExp(`^${DEMO_EXPERT_NAME}.*${finnishDate(day)}`) });
  await expect(upcoming).toBeVisible();
  await upcoming.click();
  const modal = page.getByRole('dialog', { name: DEMO_EXPERT_NAME });
  await expect(modal.getByRole('button', { name: 'Aloita' })).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Peru aika' })).toBeVisible();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Sulje' }).last().click();
  await expect(modal).toBeHidden();

  // The booked list shows it with start and cancel; cancelling asks, then the list no longer has it.
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Varaukseni' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Varaukseni' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: finnishDate(day) });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('button', { name: /^Aloita/ })).toBeDisabled();
  await expectAccessible(page);

  // Issue 29: a change of time instead of cancelling and booking again. The book page names the time being changed
  // and searches the nurse's specialization; the evening's 20.40 takes its place with the answers already given.
  await item.getByRole('link', { name: /^Vaihda aikaa/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vaihda aikaa' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Vaihdat aikaa: .*${finnishDate(day).replace(/\./g, '\\.')}.*20\\.20`))).toBeVisible();
  await expect(page.getByLabel('Ammattilainen').locator('option:checked')).toHaveText('Sairaanhoitaja');
  await expectAccessible(page);
  await date.fill(day);
  await page.getByRole('button', { name: 'Hae vapaat ajat' }).click();
  await page.getByRole('button', { name: /^20\.40 / }).click();
  await page.getByRole('button', { name: 'Vahvista uusi aika' }).click();
  await expect(page.getByText(/^Aikasi on vaihdettu\./)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Varaukseni' }).click();
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('20.40');

  await item.getByRole('button', { name: /^Peru aika/ }).click();
  const cancel = page.getByRole('dialog', { name: 'Peru aika' });
  await expect(cancel).toBeVisible();
  await expectAccessible(page);
  await cancel.getByRole('button', { name: 'Peru aika' }).click();
  await expect(page.getByText('Aikasi peruttiin.')).toBeVisible();
  await expect(page.getByText('Sinulla ei ole varattuja aikoja.')).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Etusivu' }).click();
  await expect(page.getByText('Sinulla ei ole tulevia aikoja eikä vastaustasi odottavia kyselyitä.')).toBeVisible();

  // Leave the demo organisation's pre-questionnaire as it was.
  if (added) {
    await admin.reload();
    await admin.getByRole('button', { name: `Poista kysymys ${before + 1}` }).click();
    await admin.getByRole('button', { name: 'Tallenna' }).first().click();
    await expect(admin.getByText('Tallennettu', { exact: true })).toBeVisible();
  }
  await adminContext.close();
});
