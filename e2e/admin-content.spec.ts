import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

test('the thank-you page takes at most two redirection buttons with texts in every language', async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Kiitos- ja ohjaussivu');
  await expect(page.getByRole('heading', { level: 1, name: 'Kiitos- ja ohjaussivu' })).toBeVisible();
  await expectAccessible(page);

  const buttons = page.getByRole('region', { name: 'Ohjauspainikkeet' });
  for (let i = 0; i < 3; i++) await buttons.getByRole('button', { name: 'Lisää painike' }).click();
  for (const n of [1, 2, 3]) {
    const group = buttons.getByRole('group', { name: `Painike ${n}` });
    for (const lang of ['Suomeksi', 'Ruotsiksi', 'Englanniksi']) {
      await group.getByLabel(`Teksti (${lang})`).fill(`Painike ${n} ${lang}`);
      await group.getByLabel(`Osoite (${lang})`).fill(`https://espoo.example/${n}`);
    }
  }
  await buttons.getByRole('group', { name: 'Painike 1' }).getByLabel('Näytä kiitossivulla').check();
  await buttons.getByRole('group', { name: 'Painike 2' }).getByLabel('Näytä kiitossivulla').check();
  // Spec §9: 0 to 2 buttons; the third cannot be chosen.
  await expect(buttons.getByRole('group', { name: 'Painike 3' }).getByLabel('Näytä kiitossivulla')).toBeDisabled();
  await buttons.getByRole('group', { name: 'Painike 2' }).getByLabel('Ensisijainen painike').check();

  // Spec §5 'Redirection link': text required in each language.
  await buttons.getByRole('group', { name: 'Painike 3' }).getByLabel('Teksti (Ruotsiksi)').fill('');
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(buttons.getByRole('group', { name: 'Painike 3' }).getByLabel('Teksti (Ruotsiksi)')).toBeFocused();
  await expect(buttons.getByText('Pakollinen kenttä.')).toBeVisible();
  await expectAccessible(page);
  await buttons.getByRole('button', { name: 'Poista painike 3' }).click();

  const firstLinks = page.getByRole('region', { name: 'Ensimmäinen linkkiosio' });
  await firstLinks.getByRole('button', { name: 'Lisää linkki (Suomeksi)' }).click();
  await firstLinks.getByLabel('Linkin 1 teksti').fill('Omahoito');
  await firstLinks.getByLabel('Linkin 1 osoite').fill('https://espoo.example/omahoito');
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();

  await page.reload();
  await expect(buttons.getByRole('group', { name: 'Painike 2' }).getByLabel('Ensisijainen painike')).toBeChecked();
  await expect(buttons.getByRole('group', { name: 'Painike 3' })).toHaveCount(0);
  await expect(firstLinks.getByLabel('Linkin 1 teksti')).toHaveValue('Omahoito');

  // Leave the demo organisation as it was, for the journeys that run after this one.
  await buttons.getByRole('button', { name: 'Poista painike 2' }).click();
  await buttons.getByRole('button', { name: 'Poista painike 1' }).click();
  await firstLinks.getByRole('button', { name: 'Poista linkki 1' }).click();
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();
});

test('the pre-questionnaire keeps its questions and which are mandatory', async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Esikysely');
  await expect(page.getByRole('heading', { level: 1, name: 'Esikysely' })).toBeVisible();
  const before = await page.getByRole('group', { name: /^Kysymys \d+$/ }).count();
  await page.getByRole('button', { name: 'Lisää kysymys' }).click();
  const question = page.getByRole('group', { name: `Kysymys ${before + 1}` });
  await question.getByLabel('Suomeksi').fill('Mikä on asiasi?');
  await question.getByLabel('Ruotsiksi').fill('Vad gäller ditt ärende?');
  await question.getByLabel('Englanniksi').fill('What is your matter?');
  await page.getByLabel('Pakollinen').last().check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: `Kysymys ${before + 1}` }).getByLabel('Suomeksi')).toHaveValue('Mikä on asiasi?');
  await expect(page.getByLabel('Pakollinen').last()).toBeChecked();

  // Leave the demo organisation as it was: a mandatory question would stop other journeys' bookings.
  await page.getByRole('button', { name: `Poista kysymys ${before + 1}` }).click();
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Tallennettu', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: /^Kysymys \d+$/ })).toHaveCount(before);
});
