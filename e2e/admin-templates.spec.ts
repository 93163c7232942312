import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

test('an e-mail template is customised with a live preview, and resetting it restores the default', async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Sähköpostipohjat');
  await expect(page.getByRole('heading', { level: 1, name: 'Sähköpostipohjat' })).toBeVisible();
  await expectAccessible(page);

  const row = page.getByRole('row', { name: /Rekisteröityminen Suomi/ });
  await expect(row.getByRole('cell', { name: 'Oletus' })).toBeVisible();
  const defaultSubject = (await row.getByRole('cell').nth(3).textContent())!;
  await row.getByRole('link', { name: /Muokkaa/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Rekisteröityminen (Suomi)' })).toBeVisible();
  // Each template has its own address (issue 28).
  await expect(page).toHaveURL(/\/admin\/templateEditor\/registration\/fi$/);
  const preview = page.getByRole('region', { name: 'Esikatselu' });
  await expect(preview).toContainText('Aseta salasanasi');
  const subject = page.getByLabel('Otsikko');
  await subject.fill('Tervetuloa {{organisationName}} -palveluun');
  // The preview fills the tags with sample values as the admin types.
  await expect(preview).toContainText('Tervetuloa');
  await expect(preview).not.toContainText('{{organisationName}}');
  await page.getByRole('button', { name: 'Lisää tunniste {{firstName}}' }).click();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Takaisin pohjiin' }).click();
  await expect(row.getByRole('cell', { name: 'Muokattu' })).toBeVisible();
  await expect(row).toContainText('Tervetuloa {{organisationName}} -palveluun');

  await row.getByRole('link', { name: /Muokkaa/ }).click();
  await page.getByRole('button', { name: 'Palauta oletus' }).click();
  const confirm = page.getByRole('dialog', { name: 'Palautetaanko oletuspohja?' });
  await expect(confirm).toContainText('Tätä ei voi perua.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Palauta oletus' }).click();
  await expect(page.getByText('Oletuspohja palautettu')).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: 'Sähköpostipohjat' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Oletus' })).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText(defaultSubject);
});
