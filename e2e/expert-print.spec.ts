import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { adminCall, clearExpertTime, finnishDate, helsinkiDate, helsinkiTime } from './booking-steps';
import { PHONE } from './phone';

const DEMO_EXPERT = 'expert@espoo.example';
const DEMO_EXPERT_NAME = 'Eeva Asiantuntija';
const NOW_PATIENT = { ssn: '020290-911H', firstName: 'Noora', lastName: 'Nykynen' };
const LATER_PATIENT = { ssn: '030390-911Y', firstName: 'Lauri', lastName: 'Myöhänen' };
const SHOTS = process.env.SHOTS_DIR;

/** The Finnish weekday and date the schedule's headings show ('maanantai 30.11.2026'). */
function finnishHeading(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Intl.DateTimeFormat('fi-FI', { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, d!));
  return `${weekday} ${finnishDate(date)}`;
}

/** The page printed to PDF (as the browser's print does, print media) and read back as text with poppler's pdftotext. */
async function printedText(page: Page, name: string): Promise<string> {
  const dir = SHOTS ?? mkdtempSync(join(tmpdir(), 'expert-print-'));
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The text with its line breaks and runs of spaces as single spaces: a heading may wrap on paper. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

test('the nurse sees today as a list, a day and a week with the now line and Start by the rules, and prints the day, the week and an appointment', async ({
  page,
  browser,
}) => {
  const today = helsinkiDate(0);
  // Two appointments back to back from the next five-minute mark: the first opens now (Start from 5 minutes before
  // its start), the second not yet.
  const first = Math.ceil((Date.now() + 10_000) / 300_000) * 300_000;
  const second = first + 30 * 60_000;
  expect(helsinkiDate(0), 'the journey needs both appointments today (run it before 23.25 Helsinki time)').toBe(
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(second + 29 * 60_000),
  );
  const [firstAt, secondAt, endAt] = [helsinkiTime(first), helsinkiTime(second), helsinkiTime(second + 30 * 60_000)];
  const dotted = (hhmm: string) => hhmm.replace(':', '.');
  const firstRange = `${dotted(firstAt)}–${dotted(secondAt)}`;
  const secondRange = `${dotted(secondAt)}–${dotted(endAt)}`;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const experts = await adminCall<{ id: string; name: string }[]>(admin, '/api/admin/bookings/experts');
  const expert = experts.data.find((e) => e.name === DEMO_EXPERT_NAME)!;
  const services = await adminCall<{ id: string; name: { fi: string } }[]>(admin, '/api/admin/bookings/services');
  const service = services.data.find((s) => s.name.fi === 'Sairaanhoitajan chat')!;
  await clearExpertTime(admin, expert.id, first, 60);
  const opened = await adminCall(admin, '/api/admin/bookings/timeslots/open', {
    serviceId: service.id,
    expertIds: [expert.id],
    from: today,
    to: today,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: firstAt,
    dayEnd: endAt,
    slotMinutes: 30,
    breaks: [],
  });
  expect(opened.statusCode).toBe(200);
  const slots = await adminCall<{ id: string; startTime: number }[]>(
    admin,
    `/api/admin/bookings/timeslots?date=${today}&expertId=${expert.id}`,
  );
  const booked: string[] = [];
  for (const [at, hhmm, patient, answer] of [
    [first, firstAt, NOW_PATIENT, 'Kurkku on kipeä.'],
    [second, secondAt, LATER_PATIENT, 'Kuumetta kaksi päivää.'],
  ] as const) {
    const slot = slots.data.find((s) => s.startTime === at);
    expect(slot, `the open time at ${hhmm}`).toBeDefined();
    const created = await adminCall<{ id: string }>(admin, '/api/admin/bookings/create', {
      kind: 'oneOnOne',
      timeslotId: slot!.id,
      expertId: expert.id,
      date: today,
      startTime: hhmm,
      durationMinutes: 30,
      patient: { ...patient, email: uniqueEmail('tulostus'), language: 'fi', nationality: 'FI' },
      sendConfirmation: false,
      preQuestionnaire: [{ id: 'e2e-print', question: 'Mikä vaivaa?', answer }],
    });
    expect(created.statusCode).toBe(200);
    booked.push(created.data.id);
  }

  // The admin's appointment page prints too: what and when first, the facts and answers, none of the chrome.
  await admin.goto(`/admin/appointment?id=${booked[0]}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Tapaaminen' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Tulosta' })).toBeVisible();
  await expectAccessible(admin);
  await admin.emulateMedia({ media: 'print' });
  const adminPaper = await printedText(admin, 'admin-appointment');
  expect(flat(adminPaper)).toContain(`Tapaaminen – ${finnishDate(today)} ${firstRange}, ${NOW_PATIENT.firstName} ${NOW_PATIENT.lastName}`);
  expect(adminPaper).toContain('Kurkku on kipeä.');
  for (const chrome of ['Takaisin varauksiin', 'Tulosta', 'Valikko']) expect(adminPaper, `"${chrome}" on paper`).not.toContain(chrome);
  await adminContext.close();

  await staffSignIn(page, 'expert', DEMO_EXPERT);
  await expect(page).toHaveURL(/\/expert\/desktop$/);
  await page.goto('/expert/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Päivän aikataulu' })).toBeVisible();
  await expect(page).toHaveTitle(/^Päivän aikataulu – /);
  const view = page.getByRole('group', { name: 'Näkymä' });
  await expect(view.getByRole('button', { name: 'Lista', pressed: true })).toBeVisible();

  // The list (as before): Start on the one that opens now; the later one says when it opens, with no button yet.
  const nowName = `${NOW_PATIENT.firstName} ${NOW_PATIENT.lastName}`;
  const laterName = `${LATER_PATIENT.firstName} ${LATER_PATIENT.lastName}`;
  const startNow = `Aloita vastaanotto ${firstRange} ${nowName}`;
  await expect(page.getByRole('button', { name: startNow })).toBeVisible({ timeout: 20_000 });
  const laterRow = page.getByRole('row', { name: new RegExp(laterName) });
  await expect(laterRow).toContainText('Avautuu klo');
  await expect(laterRow.getByRole('button', { name: /Aloita/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /^Nyt \d{1,2}\.\d{2}$/ })).toBeVisible();
  await expectAccessible(page);

  // Day: the time grid, with the now line and the same Start on the item; the later item has none.
  await view.getByRole('button', { name: 'Päivä' }).click();
  await expect(page).toHaveURL(/\/expert\/schedule\?view=day$/);
  const dayGrid = page.getByRole('table', { name: `Päiväkalenteri ${finnishHeading(today)}` });
  await expect(dayGrid).toBeVisible();
  await expect(dayGrid.locator('.tg-now')).toHaveText(/^Nyt \d{1,2}\.\d{2}$/);
  const nowItem = dayGrid.getByRole('button', { name: new RegExp(`^${firstRange}, ${nowName}, Chat, Varattu`) });
  await expect(nowItem).toBeVisible();
  await expect(dayGrid.getByRole('button', { name: startNow })).toBeVisible();
  await expect(dayGrid.getByRole('button', { name: new RegExp(`^Aloita vastaanotto .*${laterName}`) })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'schedule-day-1280');

  // Week: seven days from Monday, the now line in today's column, Start again.
  await view.getByRole('button', { name: 'Viikko' }).click();
  await expect(page).toHaveURL(/\/expert\/schedule\?view=week$/);
  const weekGrid = page.getByRole('table', { name: /^Viikon \d+ aikataulu$/ });
  await expect(weekGrid).toBeVisible();
  await expect(weekGrid.getByRole('columnheader')).toHaveCount(8);
  await expect(weekGrid.locator('.tg-now')).toHaveCount(1);
  await expect(weekGrid.getByRole('button', { name: startNow })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edellinen viikko' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'schedule-week-1280');

  // The week on paper: a landscape page with the heading saying whose week it is, the appointments, no chrome.
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'schedule-week-print');
  const week = await printedText(page, 'schedule-week');
  expect(flat(week)).toMatch(new RegExp(`Aikataulu – Viikko \\d+: .*, ${DEMO_EXPERT_NAME}`));
  // Every day of the week has its column. A week's boxes are narrow: each shows as much of its time and name as fits
  // beside the others at that hour (journeys before this one leave theirs). The week's list follows from the next
  // page with every appointment's whole line.
  for (const weekday of ['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su']) expect(week).toMatch(new RegExp(`${weekday} \\d{1,2}\\.\\d{1,2}\\.`));
  expect(week).toMatch(new RegExp(`${firstRange}\\s+${nowName}\\s+Chat, Varattu`));
  expect(week).toMatch(new RegExp(`${secondRange}\\s+${laterName}\\s+Chat, Varattu`));
  expect(week).toMatch(/Nyt\s+\d{2}\.\d{2}/);
  for (const chrome of ['Valikko', 'Tulosta', 'Lisää tauko', 'Edellinen viikko', 'Aloita'])
    expect(week, `"${chrome}" on paper`).not.toContain(chrome);
  await page.emulateMedia({ media: 'screen' });

  // The day on paper: its list under the heading, every appointment's line; no header, menus, footer or buttons.
  await view.getByRole('button', { name: 'Päivä' }).click();
  await expect(dayGrid).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Tulosta' })).toBeHidden();
  await expect(page.getByRole('group', { name: 'Näkymä' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Aikataulu – ${finnishHeading(today)}, ${DEMO_EXPERT_NAME}` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(nowName) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(laterName) })).toBeVisible();
  await expect(dayGrid).toBeHidden();
  await shot(page, 'schedule-day-print');
  const day = await printedText(page, 'schedule-day');
  expect(flat(day)).toContain(`Aikataulu – ${finnishHeading(today)}, ${DEMO_EXPERT_NAME}`);
  expect(day).toMatch(new RegExp(`${firstRange}\\s+30 min\\s+Varattu\\s+${nowName}`));
  expect(day).toMatch(new RegExp(`${secondRange}\\s+30 min\\s+Varattu\\s+${laterName}`));
  for (const chrome of ['Siirry sisältöön', 'Valikko', 'Tulosta', 'Etävastaanotto kunnille', 'Lisää tauko', 'Aloita', 'Tiedot'])
    expect(day, `"${chrome}" on paper`).not.toContain(chrome);
  await page.emulateMedia({ media: 'screen' });

  // An appointment's details print with what and when, and the answers.
  await view.getByRole('button', { name: 'Lista' }).click();
  await page.getByRole('link', { name: `Tiedot: ${firstRange} ${nowName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tapaamisen tiedot' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tulosta' })).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ media: 'print' });
  const details = await printedText(page, 'appointment');
  expect(flat(details)).toContain(`Tapaaminen – ${finnishHeading(today)} ${firstRange}, ${nowName}`);
  expect(details).toContain('Kurkku on kipeä.');
  expect(details).not.toContain('Tulosta');
  await page.emulateMedia({ media: 'screen' });

  // At 360 px the day is the list and the week a list of days, with the same Start.
  await page.setViewportSize(PHONE);
  await page.goto('/expert/schedule?view=day');
  await expect(page.getByRole('button', { name: startNow })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Päiväkalenteri/ })).toBeHidden();
  await shot(page, 'schedule-day-360', false);
  await page.goto('/expert/schedule?view=week');
  const weekList = page.getByRole('region', { name: /^Viikon \d+ aikataulu$/ });
  await expect(weekList).toBeVisible();
  await expect(weekList.getByRole('button', { name: startNow })).toBeVisible();
  await expect(weekList.getByText(/^Nyt \d{1,2}\.\d{2}$/)).toBeVisible();
  await expectAccessible(page);
  await weekList.getByRole('button', { name: startNow }).scrollIntoViewIfNeeded();
  await shot(page, 'schedule-week-360', false);
});
