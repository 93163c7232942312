import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, newExpert, openFromMenu, staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { adminCall, clearExpertTime, finnishDate, helsinkiDate, helsinkiDateOf, helsinkiTime } from './booking-steps';
import { freshSsn } from './patient-steps';

const DEMO_EXPERT_NAME = 'Eeva Asiantuntija';
/** Aino, a test person of the built-in identity provider (apps/server/src/test/person-codes.ts). */
const AINO_SSN = '010190-124N';

type Caught = { id: string; subject: string };

/** The newest e-mail to `to` whose subject starts with `subject`, waiting for the outbox worker to deliver it. */
async function mailTo(page: Page, to: string, subject: string): Promise<Caught> {
  let found: Caught | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/inbox?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { data: { messages: Caught[] } };
        found = body.data.messages.find((m) => m.subject.startsWith(subject));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The list's label of a time span ('1.12.2026 16.30–17.00'). */
function shownSpan(startMs: number, minutes: number): string {
  const clock = (ms: number) => helsinkiTime(ms).replace(':', '.');
  return `${finnishDate(helsinkiDateOf(startMs))} ${clock(startMs)}–${clock(startMs + minutes * 60_000)}`;
}

/**
 * The admin books the demo nurse for a new patient at the next whole minute at least 30 s ahead (a visit can be
 * missed only once it has begun, and no appointment is booked in the past); answers its start, list label and the
 * patient's family name.
 */
async function bookStartingSoon(page: Page): Promise<{ startMs: number; time: string; family: string }> {
  const experts = await adminCall<{ id: string; name: string }[]>(page, '/api/admin/bookings/experts');
  const nurse = experts.data.find((e) => e.name === DEMO_EXPERT_NAME)!;
  const startMs = Math.ceil((Date.now() + 30_000) / 60_000) * 60_000;
  await clearExpertTime(page, nurse.id, startMs, 15);
  const family = `Poissa${Date.now()}`;
  const patient = { ssn: freshSsn(), firstName: 'Pauli', lastName: family, email: uniqueEmail('pauli'), language: 'fi', nationality: 'FI' };
  const created = await adminCall(page, '/api/admin/bookings/create', {
    expertId: nurse.id,
    date: helsinkiDateOf(startMs),
    startTime: helsinkiTime(startMs),
    durationMinutes: 15,
    kind: 'oneOnOne',
    patient,
    sendConfirmation: false,
  });
  expect(created.statusCode, JSON.stringify(created)).toBe(200);
  return { startMs, time: shownSpan(startMs, 15), family };
}

test('an admin generates open timeslots with a confirmed preview, books one for a patient, moves it into an open time and to another, downloads the list, cancels it (the patient gets the cancellation with an .ics) and marks a missed visit', async ({
  page,
}) => {
  // The missed visit's start is up to 90 s ahead when the journey begins.
  test.setTimeout(180_000);
  const day = helsinkiDate(1);
  const shownDay = finnishDate(day);
  const lastName = `Testinen${Date.now()}`;
  const email = uniqueEmail('aino.booking');

  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  // Booked now, missed at the end of the journey.
  const missed = await bookStartingSoon(page);
  await openFromMenu(page, 'Varaukset');
  await expect(page.getByRole('heading', { level: 1, name: 'Varaukset' })).toBeVisible();
  await expectAccessible(page);

  // The nurse's 16.30–17.30 tomorrow is this journey's: what other journeys left there goes first.
  const experts = await adminCall<{ id: string; name: string }[]>(page, '/api/admin/bookings/experts');
  const nurseId = experts.data.find((e) => e.name === DEMO_EXPERT_NAME)!.id;
  const windowStart = [2, 3].map((h) => Date.parse(`${day}T16:30:00+0${h}:00`)).find((ms) => helsinkiTime(ms) === '16:30')!;
  await clearExpertTime(page, nurseId, windowStart, 60);

  // Generate (after the demo calendar's 8–16 day): the plan is checked first, then previewed, and opens only when confirmed (spec §4).
  await page.getByRole('button', { name: 'Luo vapaita aikoja' }).click();
  const generate = page.getByRole('dialog', { name: 'Luo vapaita aikoja' });
  await generate.getByRole('button', { name: 'Näytä esikatselu' }).click();
  await expect(generate.getByText('Valitse vähintään yksi asiantuntija.')).toBeVisible();
  // Open times belong to a service (issue 29): without one the plan is refused; choosing one takes its kind.
  await expect(generate.getByLabel('Palvelu')).toHaveAccessibleDescription(/Pakollinen kenttä\./);
  await expectAccessible(page);
  await generate.getByLabel('Palvelu').selectOption({ label: 'Sairaanhoitajan chat' });
  await expect(generate.getByRole('group', { name: 'Avoimien aikojen tyyppi' }).getByRole('radio', { name: 'Chat' })).toBeChecked();
  await generate.getByRole('checkbox', { name: DEMO_EXPERT_NAME }).check();
  await generate.getByLabel('Ensimmäinen päivä').fill(day);
  await generate.getByLabel('Viimeinen päivä').fill(day);
  for (const weekday of ['Maanantai', 'Tiistai', 'Keskiviikko', 'Torstai', 'Perjantai', 'Lauantai', 'Sunnuntai']) {
    await generate.getByRole('checkbox', { name: weekday }).check();
  }
  await generate.getByLabel('Päivän alku').fill('16:30');
  await generate.getByLabel('Päivän loppu').fill('17:30');
  await generate.getByLabel('Ajan pituus (minuuttia)').fill('30');
  await generate.getByRole('button', { name: 'Poista tauko 1' }).click();
  await generate.getByRole('button', { name: 'Näytä esikatselu' }).click();
  await expect(generate.getByText('Luodaan 2 vapaata aikaa.')).toBeVisible();
  await expect(generate.getByText('Avoimien aikojen tyyppi: Chat')).toBeVisible();
  // The preview is a week grid per expert: a row per start time, the day's column marked.
  const previewWeek = generate.getByRole('table', { name: new RegExp(`^${DEMO_EXPERT_NAME}, viikko`) });
  await expect(previewWeek.getByRole('row', { name: /^16\.30/ })).toContainText('avautuu');
  await expect(previewWeek.getByRole('row', { name: /^17\.00/ })).toContainText('avautuu');
  await expectAccessible(page);
  await generate.getByRole('button', { name: 'Avaa 2 vapaata aikaa' }).click();
  await expect(generate).toBeHidden();
  await expect(page.getByText('Vapaita aikoja luotu: 2')).toBeVisible();

  // The day's open timeslots in the list.
  const filters = page.getByRole('search', { name: 'Suodata varauksia' });
  await filters.getByLabel('Alkaen').fill(day);
  await filters.getByLabel('Päättyen').fill(day);
  await filters.getByLabel('Asiantuntija').selectOption({ label: DEMO_EXPERT_NAME });
  await filters.getByLabel('Tila', { exact: true }).selectOption({ label: 'Vapaa' });
  await filters.getByRole('button', { name: 'Hae' }).click();
  const first = `${shownDay} 16.30–17.00`;
  const firstRow = page.getByRole('row', { name: new RegExp(first) });
  await expect(firstRow).toContainText('Vapaa');
  await expect(firstRow).toContainText('Chat');
  await expect(page.getByRole('row', { name: new RegExp(`${shownDay} 17.00–17.30`) })).toBeVisible();
  await expectAccessible(page);

  // Book the first for a patient: the identity code is checked in the browser too (spec §5).
  await firstRow.getByRole('button', { name: `Varaa vapaa aika ${first}` }).click();
  const book = page.getByRole('dialog', { name: 'Varaa vapaa aika' });
  await expect(book.getByRole('radio', { name: `16.30–17.00 ${DEMO_EXPERT_NAME} (Chat)` })).toBeChecked();
  const patient = book.getByRole('group', { name: 'Potilas' });
  await patient.getByLabel('Henkilötunnus').fill('010190-1234');
  await patient.getByLabel('Etunimi').fill('Aino');
  await patient.getByLabel('Sukunimi').fill(lastName);
  await patient.getByLabel('Sähköposti').fill(email);
  await expect(patient.getByLabel('Kansalaisuus')).toHaveValue('fi');
  await expect(patient.getByLabel('Kansalaisuus').locator('option:checked')).toHaveText('Suomi');
  await book.getByRole('button', { name: 'Varaa', exact: true }).click();
  await expect(patient.getByText('Henkilötunnus ei ole kelvollinen.')).toBeVisible();
  await expect(patient.getByLabel('Henkilötunnus')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await patient.getByLabel('Henkilötunnus').fill(AINO_SSN);
  await book.getByRole('button', { name: 'Varaa', exact: true }).click();
  await expect(book).toBeHidden();
  await expect(page.getByText('Tapaaminen varattu')).toBeVisible();

  // Reserved: found by the patient's name.
  await filters.getByLabel('Tila', { exact: true }).selectOption({ label: 'Kaikki tilat' });
  await filters.getByLabel('Potilaan nimi tai henkilötunnus').fill(lastName);
  await filters.getByRole('button', { name: 'Hae' }).click();
  const booked = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(booked).toHaveCount(1);
  await expect(booked).toContainText('Varattu');
  await expect(booked).toContainText(first);

  // Reschedule into the day's other open time (issue 28): the booking takes the 17.00 slot and 16.30 opens again.
  await booked.getByRole('button', { name: `Muokkaa tapaamista ${first}` }).click();
  const reschedule = page.getByRole('dialog', { name: 'Muokkaa tapaamista' });
  await reschedule.getByRole('radio', { name: 'Jokin päivän vapaista ajoista' }).check();
  await reschedule.getByRole('radio', { name: `17.00–17.30 ${DEMO_EXPERT_NAME} (Chat)` }).check();
  await reschedule.getByRole('button', { name: 'Tallenna' }).click();
  await expect(reschedule).toBeHidden();
  const second = `${shownDay} 17.00–17.30`;
  await expect(booked).toContainText(second);
  await expect(page.getByText('Tapaamista muokattu')).toBeHidden();

  // Edit: move it to 17.30.
  await booked.getByRole('button', { name: `Muokkaa tapaamista ${second}` }).click();
  const edit = page.getByRole('dialog', { name: 'Muokkaa tapaamista' });
  await expect(edit.getByRole('radio', { name: 'Muu aika' })).toBeChecked();
  await expect(edit.getByRole('group', { name: 'Potilas' }).getByLabel('Henkilötunnus')).toHaveValue(AINO_SSN);
  await edit.getByLabel('Alkamisaika').fill('17:30');
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Tallenna' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Tapaamista muokattu')).toBeVisible();
  const moved = `${shownDay} 17.30–18.00`;
  await expect(booked).toContainText(moved);

  // The list as a spreadsheet opens in a Finnish spreadsheet (issue 28): a BOM, ';' between fields, Finnish headers
  // and words, Helsinki times.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Lataa CSV-tiedostona' }).click();
  const csv = await readFile((await (await downloading).path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...csvRows] = csv.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(header).toBe('Alkaa;Päättyy;Kesto (min);Tila;Tyyppi;Nimi;Asiantuntija;Palvelu;Potilas;Osallistujia');
  expect(csvRows).toEqual([expect.stringMatching(new RegExp(`^${shownDay} 17:30;${shownDay} 18:00;30;Varattu;Chat;`))]);
  expect(csvRows[0]).toContain(`;${DEMO_EXPERT_NAME};`);
  expect(csvRows[0]).toContain(`;Aino ${lastName};`);

  // The appointment's own page, from the list.
  await booked.getByRole('link', { name: moved }).click();
  await expect(page).toHaveURL(/\/admin\/appointment\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tapaaminen' })).toBeVisible();
  const participant = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Aino ${lastName} (Potilas)` }) });
  await expect(participant).toContainText(AINO_SSN);
  await expect(participant).toContainText(email);
  await expect(participant).toContainText('Suomi');
  await expectAccessible(page);

  // Cancel, confirmed: every participant is told.
  await page.getByRole('button', { name: `Peru tapaaminen ${moved}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Perutaanko tapaaminen?' });
  await expect(confirm).toContainText('Kaikille osallistujille ilmoitetaan sähköpostilla.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Peru tapaaminen' }).click();
  await expect(page.getByText('Tapaaminen peruttu')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Peruttu' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Poista peruttu tapaaminen ${moved}` })).toBeVisible();

  // The patient's cancellation e-mail carries the calendar cancellation.
  const mail = await mailTo(page, email, 'Ajanvaraus peruttu');
  await page.goto(`/dev/inbox/${mail.id}`);
  const ics = page.getByRole('link', { name: /\.ics$/ });
  await expect(ics).toBeVisible();
  const href = await ics.getAttribute('href');
  const file = await page.request.get(href!);
  expect(await file.text()).toContain('METHOD:CANCEL');

  // The appointment booked at the start has begun and nobody came: the admin marks the no-show, after which it can no
  // longer be moved or cancelled (issue 28).
  await page.goto('/admin/appointments');
  await filters.getByLabel('Alkaen').fill(helsinkiDateOf(missed.startMs));
  await filters.getByLabel('Päättyen').fill(helsinkiDateOf(missed.startMs));
  await filters.getByLabel('Potilaan nimi tai henkilötunnus').fill(missed.family);
  await filters.getByRole('button', { name: 'Hae' }).click();
  const missedRow = page.getByRole('row', { name: new RegExp(missed.family) });
  const markNoShow = missedRow.getByRole('button', { name: `Merkitse: ei saapunut – tapaaminen ${missed.time}` });
  // The row offers the mark once the start has passed (the page rechecks the time every 5 s).
  await expect(markNoShow).toBeVisible({ timeout: Math.max(10_000, missed.startMs - Date.now() + 15_000) });
  await expect(missedRow.getByRole('button', { name: `Peru tapaaminen ${missed.time}` })).toBeVisible();
  await markNoShow.click();
  const noShow = page.getByRole('dialog', { name: 'Merkitäänkö, ettei potilas saapunut?' });
  await expectAccessible(page);
  await noShow.getByRole('button', { name: 'Merkitse: ei saapunut' }).click();
  await expect(page.getByText('Merkitty: potilas ei saapunut')).toBeVisible();
  await expect(missedRow).toContainText('Ei saapunut');
  await expect(missedRow).toContainText('sitä ei voi enää muuttaa eikä perua');
  await expect(missedRow.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
});

test('a group at “Muu aika” over an expert’s open times asks whether to replace them and, confirmed, creates it in their place (issue 28)', async ({
  page,
}) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  // A nurse of the journey's own (created with the defaults), whose calendar holds only the two open times opened here.
  const nurse = await newExpert(page, 'Raili');
  const day = helsinkiDate(2);
  const shownDay = finnishDate(day);
  const services = await adminCall<{ id: string; name: { fi: string } }[]>(page, '/api/admin/bookings/services');
  const service = services.data.find((s) => s.name.fi === 'Sairaanhoitajan chat');
  expect(service, 'the demo has the nurse chat').toBeDefined();
  const opened = await adminCall(page, '/api/admin/bookings/timeslots/open', {
    expertIds: [nurse.id],
    from: day,
    to: day,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: '10:00',
    dayEnd: '11:00',
    slotMinutes: 30,
    breaks: [],
    serviceId: service!.id,
  });
  expect(opened.statusCode, JSON.stringify(opened)).toBe(200);

  await openFromMenu(page, 'Varaukset');
  await page.getByRole('button', { name: 'Uusi tapaaminen' }).click();
  const create = page.getByRole('dialog', { name: 'Uusi tapaaminen' });
  await create.getByRole('radio', { name: 'Ryhmätapaaminen' }).check();
  await create.getByRole('radio', { name: 'Muu aika' }).check();
  await create.getByLabel('Päivämäärä').fill(day);
  await create.getByLabel('Asiantuntija', { exact: true }).selectOption({ label: nurse.name });
  await create.getByLabel('Alkamisaika').fill('10:00');
  await create.getByLabel('Kesto (minuuttia)').fill('60');
  const name = `Ryhmäohjaus ${Date.now()}`;
  await create.getByLabel('Tapaamisen nimi').fill(name);
  // Any expert can host a group: the organiser needs no chat id, and the form no longer says so (issue 28).
  const organiser = create.getByLabel('Järjestäjä');
  await expect(organiser).not.toHaveAccessibleDescription(/chat-tunnus/);
  await organiser.selectOption({ label: nurse.name });
  await create.getByRole('button', { name: 'Lisää potilas' }).click();
  const patient = create.getByRole('group', { name: 'Potilas 1' });
  const family = `Ryhmäläinen${Date.now()}`;
  await patient.getByLabel('Henkilötunnus').fill(freshSsn());
  await patient.getByLabel('Etunimi').fill('Riikka');
  await patient.getByLabel('Sukunimi').fill(family);
  await patient.getByLabel('Sähköposti').fill(uniqueEmail('riikka.ryhma'));
  await expectAccessible(page);
  await create.getByRole('button', { name: 'Luo tapaaminen' }).click();

  // The open times in the way are named, and nothing is created until the admin agrees to replace them.
  const replace = page.getByRole('dialog', { name: 'Korvataanko vapaat ajat?' });
  await expect(replace.getByRole('listitem')).toHaveText([`${shownDay} 10.00–10.30`, `${shownDay} 10.30–11.00`]);
  await expect(replace).toContainText('Poistetaanko ne ja varataan tapaaminen niiden tilalle?');
  await expectAccessible(page);
  await replace.getByRole('button', { name: 'Korvaa vapaat ajat' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText('Tapaaminen luotu')).toBeVisible();

  // The day's list: the group in the open times' place, and no open time left under it.
  const filters = page.getByRole('search', { name: 'Suodata varauksia' });
  await filters.getByLabel('Alkaen').fill(day);
  await filters.getByLabel('Päättyen').fill(day);
  await filters.getByLabel('Asiantuntija').selectOption({ label: nurse.name });
  await filters.getByLabel('Tila', { exact: true }).selectOption({ label: 'Kaikki tilat' });
  await filters.getByRole('button', { name: 'Hae' }).click();
  const group = page.getByRole('row', { name: new RegExp(name) });
  await expect(group).toContainText(`${shownDay} 10.00–11.00`);
  await expect(group).toContainText('Varattu');
  await filters.getByLabel('Tila', { exact: true }).selectOption({ label: 'Vapaa' });
  await filters.getByRole('button', { name: 'Hae' }).click();
  await expect(page.getByText('Suodattimia vastaavia tapaamisia tai vapaita aikoja ei ole.')).toBeVisible();
  await expectAccessible(page);
});

test('booking settings: info text per language and reminders, with an unsaved-changes warning', async ({ page }) => {
  const text = `Varaa aika ajoissa ${Date.now()}`;
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Ajanvarauksen asetukset');
  await expect(page.getByRole('heading', { level: 1, name: 'Ajanvarauksen asetukset' })).toBeVisible();
  await expectAccessible(page);

  const info = page.getByRole('group', { name: 'Ajanvaraussivun tiedote' });
  await info.getByLabel('Suomeksi').fill(text);
  await info.getByLabel('Englanniksi').fill('Book early');
  const email = page.getByLabel('Muistutussähköposti 24 tuntia ennen');
  const wasChecked = await email.isChecked();
  await email.setChecked(!wasChecked);

  await openFromMenu(page, 'Varaukset');
  const leave = page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Jää sivulle' }).click();

  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Ajanvaraussivun tiedote' }).getByLabel('Suomeksi')).toHaveValue(text);
  await expect(page.getByLabel('Muistutussähköposti 24 tuntia ennen')).toBeChecked({ checked: !wasChecked });
  // The patient's book page shows the text (GET /api/services/booking-info reads the same settings).
  const res = await page.request.get('/api/admin/bookings/settings');
  expect(((await res.json()) as { data: { infoText: { fi: string } } }).data.infoText.fi).toBe(text);

  // Leave the reminders as they were: the patients' journeys read which reminders the demo organisation sends.
  await page.getByLabel('Muistutussähköposti 24 tuntia ennen').setChecked(wasChecked);
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu')).toBeVisible();
});
