import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

const DEMO_EXPERT_NAME = 'Eeva Asiantuntija';

test('an admin sets up async messaging: a restricted category and subcategory with an expert, the banner, message codes, and disabling', async ({
  page,
}) => {
  const stamp = Date.now();
  const categoryName = `Neuvola ${stamp}`;
  const subcategoryName = `Rokotukset ${stamp}`;
  const groupName = `Rokotuskoodit ${stamp}`;
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);

  // Only experts who handle messages can be assigned to a subcategory.
  await openFromMenu(page, 'Viestien asiantuntijat');
  await expect(page.getByRole('heading', { level: 1, name: 'Viestien asiantuntijat' })).toBeVisible();
  await page.getByRole('searchbox').fill('Eeva');
  await page.getByRole('button', { name: 'Hae' }).click();
  const handles = page.getByRole('switch', { name: `Käsittelee viestejä: ${DEMO_EXPERT_NAME}` });
  await expect(handles).toBeVisible();
  await expectAccessible(page);
  if (!(await handles.isChecked())) {
    await handles.check();
    await expect(page.getByText(`${DEMO_EXPERT_NAME} käsittelee nyt viestejä`)).toBeVisible();
  }
  await expect(handles).toBeChecked();

  // A category: a name in each language is required (spec §5), restricted access.
  await openFromMenu(page, 'Viestien kategoriat');
  await expect(page.getByRole('heading', { level: 1, name: 'Viestien kategoriat' })).toBeVisible();
  await page.getByRole('link', { name: 'Lisää kategoria' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi viestikategoria' })).toBeVisible();
  await page.getByRole('button', { name: 'Tallenna' }).click();
  const categoryNames = page.getByRole('group', { name: 'Kategorian nimi' });
  await expect(categoryNames.getByLabel('Suomeksi')).toBeFocused();
  await expect(page.getByText('Pakollinen kenttä.').first()).toBeVisible();
  await expectAccessible(page);
  await categoryNames.getByLabel('Suomeksi').fill(categoryName);
  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Takaisin kategorioihin' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' });
  await unsaved.getByRole('button', { name: 'Jää sivulle' }).click();
  await expect(unsaved).toBeHidden();
  await categoryNames.getByLabel('Ruotsiksi').fill(`Rådgivning ${stamp}`);
  await categoryNames.getByLabel('Englanniksi').fill(`Clinic ${stamp}`);
  await page.getByLabel('Rajattu: vain viestikoodilla').check();
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Kategoria luotu')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/messages\/categories$/);

  // A subcategory with the demo expert assigned.
  const card = page.getByRole('region', { name: categoryName });
  await expect(card).toContainText('Rajattu');
  await card.getByRole('link', { name: `Lisää alakategoria kategoriaan ${categoryName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi alakategoria' })).toBeVisible();
  await expect(page.getByText(`Kategoria: ${categoryName}`)).toBeVisible();
  const subNames = page.getByRole('group', { name: 'Alakategorian nimi' });
  await subNames.getByLabel('Suomeksi').fill(subcategoryName);
  await subNames.getByLabel('Ruotsiksi').fill(`Vaccinationer ${stamp}`);
  await subNames.getByLabel('Englanniksi').fill(`Vaccinations ${stamp}`);
  await page.getByLabel('Rajattu: vain viestikoodilla').check();
  await page.getByRole('group', { name: 'Viesteihin vastaavat asiantuntijat' }).getByLabel(DEMO_EXPERT_NAME).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Alakategoria luotu')).toBeVisible();
  const subRow = card.getByRole('listitem').filter({ hasText: subcategoryName });
  await expect(subRow).toContainText('1 asiantuntija');
  await expectAccessible(page);

  // The new-message banner, saved with the organisation's content.
  await openFromMenu(page, 'Viestien sisältö');
  await expect(page.getByRole('heading', { level: 1, name: 'Viestien sisältö' })).toBeVisible();
  const banner = page.getByRole('group', { name: 'Uuden viestin ilmoitus' }).getByLabel('Suomeksi');
  await banner.fill(`Sinulle on uusi viesti ${stamp}`);
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Uuden viestin ilmoitus' }).getByLabel('Suomeksi')).toHaveValue(
    `Sinulle on uusi viesti ${stamp}`,
  );
  // Patients see it under a reply in a conversation (issue 30); the messaging journeys expect the product's own text,
  // so the demo is left as it was found.
  await page.getByRole('group', { name: 'Uuden viestin ilmoitus' }).getByLabel('Suomeksi').fill('');
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();

  // A message code group for the subcategory, its codes and their CSV.
  await openFromMenu(page, 'Viestikoodit');
  await expect(page.getByRole('heading', { level: 1, name: 'Viestikoodit' })).toBeVisible();
  await page.getByRole('button', { name: 'Luo viestikoodeja' }).click();
  const modal = page.getByRole('dialog', { name: 'Uusi viestikoodiryhmä' });
  await modal.getByRole('button', { name: 'Luo koodit' }).click();
  await expect(modal.getByLabel('Alakategoria')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await modal.getByLabel('Ryhmän nimi').fill(groupName);
  await modal.getByLabel('Alakategoria').selectOption({ label: `${categoryName} › ${subcategoryName}` });
  await modal.getByLabel('Koodien määrä').fill('3');
  await modal.getByRole('radio', { name: /^Vuoden loppuun/ }).check();
  await modal.getByRole('button', { name: 'Luo koodit' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Viestikoodit luotu')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(groupName) });
  await expect(row).toContainText(`${categoryName} › ${subcategoryName}`);
  await expect(row).toContainText('0 / 3');
  await row.getByRole('button', { name: `Näytä koodit: ${groupName}` }).click();
  const codes = page.getByRole('dialog', { name: `Koodit: ${groupName}` });
  await expect(codes.getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page);
  const shown = await codes.locator('code').allTextContents();
  const [download] = await Promise.all([page.waitForEvent('download'), codes.getByRole('link', { name: 'Lataa CSV-tiedostona' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  for (const code of shown) expect(csv).toContain(code);
  await codes.getByRole('button', { name: 'Sulje' }).click();
  await expect(codes).toBeHidden();

  // Disabling the subcategory asks first (spec §4).
  await openFromMenu(page, 'Viestien kategoriat');
  await page
    .getByRole('region', { name: categoryName })
    .getByRole('link', { name: `Muokkaa alakategoriaa ${subcategoryName}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Muokkaa alakategoriaa' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Viesteihin vastaavat asiantuntijat' }).getByLabel(DEMO_EXPERT_NAME)).toBeChecked();
  await page.getByRole('button', { name: 'Poista alakategoria käytöstä' }).click();
  const confirm = page.getByRole('dialog', { name: 'Poistetaanko alakategoria käytöstä?' });
  await expect(confirm).toContainText(subcategoryName);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Poista alakategoria käytöstä' }).click();
  await expect(page.getByText('Alakategoria poistettu käytöstä')).toBeVisible();
  await expect(page.getByText('Alakategoria on pois käytöstä: potilaat eivät näe sitä.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ota alakategoria käyttöön' })).toBeVisible();
  await page.getByRole('link', { name: 'Takaisin kategorioihin' }).click();
  await expect(page.getByRole('region', { name: categoryName }).getByRole('listitem').filter({ hasText: subcategoryName })).toContainText(
    'Pois käytöstä',
  );
});
