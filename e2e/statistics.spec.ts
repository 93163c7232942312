import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { PHONE } from './phone';

/**
 * The demo seed's three known statistics days (apps/server/src/db/seed/statistics-demo-seed.ts) end a week before the
 * server's first start. The journey asks for a period a few days wider on both sides, so a start just before midnight
 * changes nothing; no other seeded or journey-made row is that old.
 */
const helsinkiDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(date);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const finnish = (day: string) => day.split('-').reverse().join('.');
const today = helsinkiDay(new Date());
const FROM = addDays(today, -12);
const TO = addDays(today, -5);

/** The value beside a figure's name in a two-column table (the totals). */
const valueOf = (table: Locator, figure: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: figure, exact: true }) })
    .getByRole('cell');

async function showPeriod(page: Page) {
  await page.getByLabel('Alkaen').fill(FROM);
  await page.getByLabel('Päättyen').fill(TO);
  await page.getByRole('button', { name: 'Näytä' }).click();
  // The period's answer is in when the trend table has a row for each of its eight days (the first load had 30).
  await expect(page.getByRole('table', { name: 'Kaavion luvut: Chatit päivittäin' }).getByRole('row')).toHaveCount(1 + 8);
}

test('an admin reads the seeded days’ statistics, sees small counts suppressed, and downloads them as a Finnish CSV', async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Tilastot');
  await expect(page.getByRole('heading', { level: 1, name: 'Tilastot' })).toBeVisible();
  await showPeriod(page);

  const totals = page.getByRole('table', { name: 'Yhteensä' });
  await expect(valueOf(totals, 'Käsitellyt chatit')).toHaveText('8');
  await expect(valueOf(totals, 'Poistui ennen vastausta')).toHaveText('1');
  await expect(valueOf(totals, 'Siirrot')).toHaveText('1');
  // Waits 30…600 s: median 150 s, p90 390 s.
  await expect(valueOf(totals, 'Odotus, mediaani')).toHaveText('2,5 min');
  await expect(valueOf(totals, 'Odotus, 90. persentiili')).toHaveText('6,5 min');
  await expect(valueOf(totals, 'Tehdyt varaukset')).toHaveText('5');
  await expect(valueOf(totals, 'Potilas perui')).toHaveText('2');
  await expect(valueOf(totals, 'Saapuneet viestit')).toHaveText('3');
  await expect(valueOf(totals, 'Aika ensimmäiseen vastaukseen, mediaani')).toHaveText('90 min');
  await expect(valueOf(totals, 'Lähetetyt kyselyt')).toHaveText('4');
  await expect(valueOf(totals, 'NPS')).toHaveText('+17');

  // The trends: a chart and, beside it, its figures as a table, where one chat in a day is "<5".
  await expect(page.getByRole('img', { name: 'Chatit päivittäin' })).toBeVisible();
  const chatsTable = page.getByRole('table', { name: 'Kaavion luvut: Chatit päivittäin' });
  // Six chats on the first day; its one abandoned and one transfer, and the second day's two chats, are "<5".
  await expect(chatsTable.getByRole('cell', { name: '6', exact: true })).toHaveCount(1);
  await expect(chatsTable.getByRole('cell', { name: '<5', exact: true })).toHaveCount(3);
  // By expert: Eeva's six chats exact, Lauri's two suppressed.
  const byExpert = page.getByRole('table', { name: 'Asiantuntijoittain' });
  await expect(
    byExpert
      .getByRole('row', { name: /Eeva Asiantuntija/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('6');
  await expect(
    byExpert
      .getByRole('row', { name: /Lauri Lääkäri/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('<5');
  await expect(page.getByText('Nopea vastaus, kiitos!')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('statistics-1280.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Lataa CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toMatch(/^Ryhmä;Nimi;Käsitellyt chatit;Poistui ennen vastausta;Siirrot;Odotus, mediaani \(min\);/);
  // Totals: 8 handled, 1 abandoned, 1 transfer, waits 2,5 and 6,5 min, handling 5 min, 5 bookings, 2 + 1 cancelled, 1 held, 1 no-show.
  expect(lines[1]).toMatch(new RegExp(`^Yhteensä;${finnish(FROM)}–${finnish(TO)};8;1;1;2,5;6,5;5;5;2;1;0;1;1;3;2;90;4;3;`));
  // Each day of the period a row; the first seeded day exact where it has five or more, "<5" below.
  const dayRows = lines.filter((l) => /^Päivä;\d/.test(l));
  expect(dayRows).toHaveLength(8);
  expect(dayRows.filter((l) => /^Päivä;\d\d\.\d\d\.\d{4};6;<5;<5;3,5;7,5;5;5;0;0;0;0;0;<5;<5;;0;0;/.test(l))).toHaveLength(1);
  expect(lines).toContain('Asiantuntija;Lauri Lääkäri;<5;0;0;;;;0;0;0;0;0;0;0;0;;0;0;0;;;<5;');
  expect(lines.some((l) => /;10;Nopea vastaus, kiitos!$/.test(l))).toBe(true);
  expect(lines.at(-1)).toBe('');

  // On a phone the same page works at 360 px.
  await page.setViewportSize(PHONE);
  await expect(valueOf(totals, 'Käsitellyt chatit')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('statistics-360.png'), fullPage: true });
});
