import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

test.beforeEach(async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
});

test("opening hours: a new service's queue gets weekday hours with a lunch break, an exception and the closed switch; its open times are video", async ({
  page,
}) => {
  const serviceName = `Aukiolopalvelu ${Date.now()}`;
  await openFromMenu(page, 'Lisää palvelu');
  await expect(page.getByRole('heading', { level: 1, name: 'Lisää palvelu' })).toBeVisible();
  const names = page.getByRole('group', { name: 'Palvelun nimi' });
  await names.getByLabel('Suomeksi').fill(serviceName);
  await names.getByLabel('Ruotsiksi').fill(`Öppettjänst ${serviceName}`);
  await names.getByLabel('Englanniksi').fill(`Hours service ${serviceName}`);
  await page.getByLabel('Kuvake').selectOption({ label: 'Sairaanhoitaja' });
  // The kind of open times generated for it (issue 29): chat unless chosen.
  await expect(page.getByLabel('Avoimien aikojen tyyppi')).toHaveValue('chat');
  await page.getByLabel('Avoimien aikojen tyyppi').selectOption({ label: 'Video' });
  // A queue of its own, so the demo queues other journeys chat in stay open.
  await page.getByLabel('Luo palvelulle uusi chat-jono').check();

  const hours = page.getByRole('group', { name: 'Aukioloajat' });
  await hours.getByLabel('Aina auki').uncheck();
  const monday = hours.getByRole('group', { name: 'Maanantai' });
  await expect(monday.getByText('Suljettu')).toBeVisible();
  await monday.getByRole('button', { name: 'Lisää aika: Maanantai' }).click();
  await expect(monday.getByLabel('Avautuu')).toHaveValue('08:00');
  await monday.getByLabel('Sulkeutuu').fill('11:30');
  await monday.getByRole('button', { name: 'Lisää aika: Maanantai' }).click();
  await monday.getByLabel('Avautuu').nth(1).fill('11:00');
  await expectAccessible(page);

  // Two ranges of one day may not overlap: the later one is marked, and focus goes to it.
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(monday.getByLabel('Avautuu').nth(1)).toBeFocused();
  await expect(monday.getByText('Aika menee päällekkäin saman päivän toisen aukioloajan kanssa.')).toBeVisible();
  await expectAccessible(page);
  await monday.getByLabel('Avautuu').nth(1).fill('12:30');
  await monday.getByLabel('Sulkeutuu').nth(1).fill('16:00');
  await monday.getByRole('button', { name: 'Kopioi ma–pe: Maanantai' }).click();
  await expect(hours.getByRole('group', { name: 'Perjantai' }).getByLabel('Sulkeutuu')).toHaveCount(2);
  await expect(hours.getByRole('group', { name: 'Lauantai' }).getByText('Suljettu')).toBeVisible();

  const exceptions = hours.getByRole('group', { name: 'Poikkeukset' });
  await exceptions.getByRole('button', { name: 'Lisää poikkeus' }).click();
  await exceptions.getByLabel('Päivämäärä').fill('2030-12-24');
  await expect(exceptions.getByLabel('Suljettu koko päivän')).toBeChecked();
  await hours.getByRole('switch', { name: /Jono suljettu nyt/ }).check();
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Palvelu luotu')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/organization$/);

  await page.getByRole('link', { name: `Muokkaa palvelua ${serviceName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Muokkaa palvelua' })).toBeVisible();
  await expect(page.getByLabel('Avoimien aikojen tyyppi')).toHaveValue('video');
  await expect(hours.getByLabel('Aina auki')).not.toBeChecked();
  await expect(hours.getByRole('switch', { name: /Jono suljettu nyt/ })).toBeChecked();
  const friday = hours.getByRole('group', { name: 'Perjantai' });
  await expect(friday.getByLabel('Avautuu').first()).toHaveValue('08:00');
  await expect(friday.getByLabel('Sulkeutuu').last()).toHaveValue('16:00');
  await expect(exceptions.getByLabel('Päivämäärä')).toHaveValue('2030-12-24');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Poista palvelu' }).click();
  await page.getByRole('dialog', { name: 'Poistetaanko palvelu?' }).getByRole('button', { name: 'Poista palvelu' }).click();
  await expect(page.getByText('Palvelu poistettu')).toBeVisible();
});

test('chat texts per language, with the unsaved-changes guard; the patient config carries them', async ({ page }) => {
  const waiting = `Odota hetki, ammattilainen tulee pian. ${Date.now()}`;
  await openFromMenu(page, 'Chatin sisällöt');
  await expect(page.getByRole('heading', { level: 1, name: 'Chatin sisällöt' })).toBeVisible();
  await expectAccessible(page);
  const field = page.getByRole('group', { name: 'Jonotus' }).getByLabel('Suomeksi');
  const before = await field.inputValue();
  expect(before).not.toBe('');
  await field.fill(waiting);

  await openFromMenu(page, 'Palautteet');
  const leave = page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Jää sivulle' }).click();
  await expect(field).toHaveValue(waiting);

  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();
  await page.reload();
  await expect(field).toHaveValue(waiting);
  const config = (await (await page.request.get('/api/config/espoo-demo')).json()) as { data: { chatTexts: { waiting: { fi: string } } } };
  expect(config.data.chatTexts.waiting.fi).toBe(waiting);

  // Leave the demo organisation as it was.
  await field.fill(before);
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();
});

test('feedback results: the last 30 days to begin with, a period checked before it is asked, an empty period said so', async ({ page }) => {
  await openFromMenu(page, 'Palautteet');
  await expect(page.getByRole('heading', { level: 1, name: 'Palautteet' })).toBeVisible();
  await expect(page.getByText(/^Palautteet \d/)).toBeVisible();
  await expect(
    page.getByText('Tältä aikaväliltä ei ole palautteita.').or(page.getByRole('heading', { name: 'Palveluittain' })),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Alkaen').fill('2020-02-10');
  await page.getByLabel('Päättyen').fill('2020-02-01');
  await page.getByRole('button', { name: 'Näytä' }).click();
  await expect(page.getByText('Loppuajan on oltava alkuajan jälkeen.')).toBeVisible();
  await expect(page.getByLabel('Päättyen')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Päättyen').fill('2020-02-29');
  await page.getByRole('button', { name: 'Näytä' }).click();
  await expect(page.getByText('Palautteet 10.2.2020 – 29.2.2020')).toBeVisible();
  await expect(page.getByText('Tältä aikaväliltä ei ole palautteita.')).toBeVisible();
  await expectAccessible(page);
});
