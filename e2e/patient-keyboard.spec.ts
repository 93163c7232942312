import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';
import { freshSsn, tabTo } from './patient-steps';

test.use({ viewport: { width: 360, height: 740 } });

test('at 360 px a new patient completes onboarding with the keyboard alone', async ({ page }) => {
  const key = (k: string) => page.keyboard.press(k);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tervetuloa etävastaanotolle' })).toBeVisible();
  await expectAccessible(page);

  await tabTo(page, page.getByRole('button', { name: 'Hyväksy kaikki' }));
  await key('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Tunnistaudu', exact: true }), { back: true });
  await key('Enter');
  await expect(page).toHaveURL(/\/test-idp\/interaction\//);
  // A person new to this run, typed in at the provider.
  await tabTo(page, page.getByLabel('Henkilötunnus'));
  await page.keyboard.type(freshSsn());
  await key('Tab');
  await page.keyboard.type('Helka');
  await key('Tab');
  await page.keyboard.type('Näppäilijä');
  await key('Enter');

  // The organisation modal takes focus; arrow keys choose within the radio group.
  await expect(page.getByRole('dialog', { name: 'Valitse organisaatio' })).toBeVisible();
  await expectAccessible(page);
  const espoo = page.getByRole('radio', { name: 'Espoon etävastaanotto' });
  await tabTo(page, espoo);
  await key('Space');
  await expect(espoo).toBeChecked();
  await key('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Kaarinan terveysneuvonta' })).toBeChecked();
  await key('ArrowUp');
  await expect(espoo).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Jatka' }));
  await key('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Yhteystietosi' })).toBeVisible();
  await expectAccessible(page);
  const typeInto = async (label: string, text: string) => {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await page.keyboard.type(text);
  };
  await typeInto('Katuosoite', 'Näppäinkatu 3');
  await typeInto('Postinumero', '00100');
  await typeInto('Kunta tai kaupunki', 'Helsinki');
  await typeInto('Matkapuhelin', '0401234567');
  await typeInto('Sähköposti', 'helka.nappailija@example.fi');
  await tabTo(page, page.getByLabel('Kansalaisuus'));
  await page.keyboard.type('Suomi');
  await expect(page.getByLabel('Kansalaisuus')).toHaveValue('fi');
  await tabTo(page, page.getByRole('button', { name: 'Tallenna ja jatka' }));
  await key('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Käyttöehdot' })).toBeVisible();
  await expectAccessible(page);
  await tabTo(page, page.getByRole('button', { name: 'Hyväksyn käyttöehdot' }));
  await key('Enter');

  await expect(page.getByRole('heading', { level: 1, name: /^Tervetuloa/ })).toBeVisible();
  await expectAccessible(page);
  await tabTo(page, page.getByLabel('Älä näytä tätä uudelleen'));
  await key('Space');
  await expect(page.getByLabel('Älä näytä tätä uudelleen')).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Jatka' }));
  await key('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Helka!' })).toBeVisible();
  await expectAccessible(page);

  // On a narrow screen the main menu sits behind a button that says whether it is open.
  const menuButton = page.getByRole('button', { name: 'Valikko' });
  await tabTo(page, menuButton, { back: true });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await key('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await key('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
  await key('Enter');
  const services = page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Etävastaanotto' });
  await tabTo(page, services);
  await key('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Etävastaanotto' })).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page);

  // No horizontal scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
