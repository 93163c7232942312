import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

test('an admin adds a service that requires a code, creates chat codes for it with a preset expiry, and downloads them', async ({
  page,
}) => {
  const serviceName = `Koodipalvelu ${Date.now()}`;
  const groupName = `Kevään koodit ${Date.now()}`;
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);

  await openFromMenu(page, 'Lisää palvelu');
  await expect(page.getByRole('heading', { level: 1, name: 'Lisää palvelu' })).toBeVisible();
  // Spec §5 'Service': name in fi, sv and en; an icon; a valid queue.
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByRole('group', { name: 'Palvelun nimi' }).getByLabel('Suomeksi')).toBeFocused();
  await expect(page.getByText('Pakollinen kenttä.').first()).toBeVisible();
  await expectAccessible(page);

  const names = page.getByRole('group', { name: 'Palvelun nimi' });
  await names.getByLabel('Suomeksi').fill(serviceName);
  await names.getByLabel('Ruotsiksi').fill(`Kodtjänst ${serviceName}`);
  await names.getByLabel('Englanniksi').fill(`Code service ${serviceName}`);
  await page.getByLabel('Kuvake').selectOption({ label: 'Sairaanhoitaja' });
  await page.getByLabel('Luo palvelulle uusi chat-jono').check();
  await page.getByLabel('Vaatii chat-koodin').check();
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Palvelu luotu')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/organization$/);
  await expect(page.getByRole('region', { name: 'Palvelut' }).getByText(serviceName)).toBeVisible();

  await openFromMenu(page, 'Chat-koodit');
  await page.getByRole('button', { name: 'Luo chat-koodeja' }).click();
  const modal = page.getByRole('dialog', { name: 'Uusi chat-koodiryhmä' });
  await modal.getByRole('button', { name: 'Luo koodit' }).click();
  await expect(modal.getByLabel('Ryhmän nimi')).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByLabel('Palvelu')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await modal.getByLabel('Ryhmän nimi').fill(groupName);
  await modal.getByLabel('Palvelu').selectOption({ label: serviceName });
  await modal.getByLabel('Koodien määrä').fill('5');
  // Each preset shows the date it gives (spec §4).
  const year = new Date().getFullYear();
  const endOfYear = modal.getByRole('radio', { name: new RegExp(`^Vuoden loppuun \\(31\\.12\\.${year}\\)$`) });
  await endOfYear.check();
  await modal.getByRole('radio', { name: 'Valitse päivä' }).check();
  await modal.getByLabel('Viimeinen voimassaolopäivä').fill('2000-01-01');
  await modal.getByRole('button', { name: 'Luo koodit' }).click();
  await expect(modal.getByText('Mennyt päivämäärä ei ole sallittu.')).toBeVisible();
  await endOfYear.check();
  await modal.getByRole('button', { name: 'Luo koodit' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Chat-koodit luotu')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(groupName) });
  await expect(row).toContainText('0 / 5');
  await expect(row).toContainText(`31.12.${year}`);
  await expectAccessible(page);

  await row.getByRole('button', { name: `Näytä koodit: ${groupName}` }).click();
  const codes = page.getByRole('dialog', { name: `Koodit: ${groupName}` });
  await expect(codes.getByRole('listitem')).toHaveCount(5);
  await expectAccessible(page);
  const shown = await codes.locator('code').allTextContents();

  const [download] = await Promise.all([page.waitForEvent('download'), codes.getByRole('link', { name: 'Lataa CSV-tiedostona' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  for (const code of shown) expect(csv).toContain(code);
  await codes.getByRole('button', { name: 'Sulje' }).click();
  await expect(codes).toBeHidden();
});
