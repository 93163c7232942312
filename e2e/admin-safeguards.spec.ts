import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

test.beforeEach(async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
});

test('a registration template without {{link}} is refused, and unknown tags are flagged in the editor and the preview', async ({
  page,
}) => {
  await openFromMenu(page, 'Sähköpostipohjat');
  await page
    .getByRole('row', { name: /Rekisteröityminen Suomi/ })
    .getByRole('link', { name: /Muokkaa/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rekisteröityminen (Suomi)' })).toBeVisible();

  const content = page.getByLabel('Sisältö');
  await content.fill('Hei {{firstName}}, tervetuloa! {{allekirjoitus}}');
  // While typing: the contract's rule names the tag nothing fills in.
  await expect(page.getByText('Tuntemattomat tunnisteet, jotka lähtevät viestissä sellaisinaan: {{allekirjoitus}}').first()).toBeVisible();
  // The preview names both problems.
  const preview = page.getByRole('region', { name: 'Esikatselu' });
  await expect(preview).toContainText('Pakollisia tunnisteita puuttuu, joten viestipohjaa ei voi tallentaa: {{link}}');
  await expect(preview).toContainText('Tuntemattomat tunnisteet, jotka lähtevät viestissä sellaisinaan: {{allekirjoitus}}');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Viestistä puuttuu linkki: lisää tekstiin tunniste {{link}}.')).toBeVisible();
  await expect(content).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

test('data saving below its minimum is refused with the minimum named', async ({ page }) => {
  await openFromMenu(page, 'Organisaation asetukset');
  await expect(page.getByRole('heading', { level: 1, name: 'Palvelun asetukset' })).toBeVisible();
  const patients = page.getByLabel('Potilaat (päivää)');
  await patients.fill('1');
  await expect(page.getByText('Vähintään 90 päivää, tai tyhjä. Yli 1 päivää vanhat tiedot poistetaan.')).toBeVisible();
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Vähintään 90 päivää, tai jätä tyhjäksi, jolloin tietoja ei poisteta.')).toBeVisible();
  await expect(patients).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});
