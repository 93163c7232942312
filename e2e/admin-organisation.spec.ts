import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, GLOBAL_ADMIN, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { acceptCookies, expectAccessible, signInAs } from './fixtures';
import { contactFor, fillContact, signInAsNewPerson } from './patient-steps';
// The server tests' encoder: a real PNG, so the server's size check reads its true pixel size.
import { pngImage } from '../apps/server/src/test/png';

const PRIMARY = '#7a1f5c';
const BACKGROUND = '#fbf3f8';

test('a global admin creates an organisation with a logo and colours, and the patient app shows them', async ({ page, browser }) => {
  const name = `Testikunnan etävastaanotto ${Date.now()}`;

  await staffSignIn(page, 'admin', GLOBAL_ADMIN);
  // A global admin may work without an organisation: the global menus are enough to create one.
  await page.getByRole('dialog', { name: 'Valitse organisaatio' }).getByRole('button', { name: 'Sulje' }).click();
  await openFromMenu(page, 'Uusi organisaatio');
  await expect(page).toHaveURL(/\/admin\/newOrganization$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi organisaatio' })).toBeVisible();
  await expectAccessible(page);

  // Spec §5: the client checks the rules before sending, with the messages under their fields.
  await page.getByRole('button', { name: 'Luo organisaatio' }).click();
  const nameField = page.getByLabel('Organisaation nimi');
  await expect(nameField).toBeFocused();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Pakollinen kenttä.').first()).toBeVisible();
  await expectAccessible(page);

  await nameField.fill(name);
  await page.getByLabel('Yhteyshenkilö', { exact: true }).fill('Testi Henkilö');
  await page.getByLabel('Yhteyshenkilön sähköposti').fill('not-an-address');
  await page.getByLabel('Pääväri', { exact: true }).fill('#12345');
  await page.getByRole('button', { name: 'Luo organisaatio' }).click();
  await expect(page.getByText('Tarkista sähköpostiosoite.').first()).toBeVisible();
  await expect(page.getByLabel('Pääväri', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Yhteyshenkilön sähköposti').fill('yhteys@testikunta.example');
  await page.getByLabel('Pääväri', { exact: true }).fill(PRIMARY);
  await page.getByLabel('Taustaväri', { exact: true }).fill(BACKGROUND);
  // The live preview follows the colours as they are typed.
  await expect(page.locator('.theme-preview .preview-header')).toHaveCSS('background-color', 'rgb(122, 31, 92)');

  // A logo of the wrong shape is refused on the spot, saying the size it has; one of the 2:1 shape in another size is
  // taken (the server scales it to 256×128, issue 28).
  const logoInput = page.getByLabel('Logo (suomi, oletus)');
  await logoInput.setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: pngImage(100, 90, [10, 10, 10]) });
  await expect(
    page.getByText('Kuvan koko on 100 × 90 px, mutta sen mittasuhteiden on oltava samat kuin 256 × 128 px:n.').first(),
  ).toBeVisible();
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage(512, 256, [40, 40, 40]) });
  await expect(page.getByText(/Kuvan koko on/)).toHaveCount(0);
  await expect(page.locator('.theme-preview .preview-header img')).toBeVisible();

  for (const [legend, url] of [
    ['Suomeksi', 'https://testikunta.example/tietosuoja'],
    ['Ruotsiksi', 'https://testikunta.example/dataskydd'],
    ['Englanniksi', 'https://testikunta.example/privacy'],
  ] as const) {
    const group = page.getByRole('group', { name: legend }).filter({ has: page.getByLabel('Linkin teksti') });
    await group.getByLabel('Linkin teksti').fill(`Tietosuoja ${legend}`);
    await group.getByLabel('Verkko-osoite').fill(url);
  }
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Luo organisaatio' }).click();

  await expect(page.getByText('Organisaatio luotu')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/organization$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Palvelun asetukset' })).toBeVisible();
  await expect(page.getByLabel('Organisaation nimi')).toHaveValue(name);
  await expect(page.getByLabel('Pääväri', { exact: true })).toHaveValue(PRIMARY);
  await expectAccessible(page);

  // The patient chooses the new organisation and sees its colour and logo in the header.
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await patient.goto('/');
  await acceptCookies(patient);
  await signInAs(patient, /Sara Lindholm/);
  const chooser = patient.getByRole('dialog');
  await expect(chooser).toBeVisible();
  await chooser.getByRole('radio', { name }).check();
  await chooser.locator('button[type="submit"]').first().click();
  const header = patient.locator('header.site-header');
  await expect(header.getByRole('img', { name })).toBeVisible();
  await expect(header).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  await expectAccessible(patient);
  await patientContext.close();
});

test('service settings warn about unsaved changes and save with a toast; the terms link set there shows to patients', async ({
  page,
  browser,
}) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Organisaation asetukset');
  await expect(page.getByRole('heading', { level: 1, name: 'Palvelun asetukset' })).toBeVisible();
  await expectAccessible(page);

  const retention = page.getByLabel('Asiantuntijat (kuukautta)');
  await retention.fill('24');
  // Spec §5: months are kept as days, × 30.437 rounded; the field tells what the value means and its minimum.
  await expect(page.getByText('Vähintään 6 kuukautta, tai tyhjä. Yli 730 päivää vanhat tiedot poistetaan.')).toBeVisible();
  // One save bar, kept at the bottom of the screen, says there are unsaved changes (issue 28).
  const saveBar = page.getByRole('region', { name: 'Tallennus' });
  await expect(saveBar).toContainText('Tallentamattomia muutoksia');
  await page.getByLabel('Organisaation nimi').focus();
  await expect(saveBar).toBeInViewport();

  await openFromMenu(page, 'Chat-koodit');
  const warning = page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' });
  await expect(warning).toBeVisible();
  await expectAccessible(page);
  await warning.getByRole('button', { name: 'Jää sivulle' }).click();
  await expect(page).toHaveURL(/\/admin\/organization$/);
  await expect(retention).toHaveValue('24');

  // The demo organisation was seeded without a contact person: spec §5 wants one before anything is saved.
  const contact = page.getByLabel('Yhteyshenkilö', { exact: true });
  if ((await contact.inputValue()) === '') {
    await page.getByRole('button', { name: 'Tallenna' }).first().click();
    await expect(contact).toBeFocused();
    await expect(contact).toHaveAttribute('aria-invalid', 'true');
    await contact.fill('Eija Espoolainen');
    await page.getByLabel('Yhteyshenkilön sähköposti').fill('eija@espoo.example');
  }
  for (const [legend, url] of [
    ['Suomeksi', 'https://espoo.example/tietosuoja'],
    ['Ruotsiksi', 'https://espoo.example/dataskydd'],
    ['Englanniksi', 'https://espoo.example/privacy'],
  ] as const) {
    const field = page
      .getByRole('group', { name: legend })
      .filter({ has: page.getByLabel('Linkin teksti') })
      .getByLabel('Verkko-osoite');
    if ((await field.inputValue()) === '') await field.fill(url);
  }
  // Spec §2 and §3: the terms' 'more' link is set here and shows under the patient's terms.
  const showMore = page.getByLabel('Näytä käyttöehtojen alla lisätietolinkki');
  if (!(await showMore.isChecked())) await showMore.check();
  const moreLink = page.getByRole('group', { name: 'Käyttöehtojen lisätietolinkki' });
  await moreLink.getByLabel('Linkin teksti (Suomeksi)').fill('Lisää käyttöehdoista');
  await moreLink.getByLabel('Linkin osoite (Suomeksi)').fill('https://espoo.example/kayttoehdot');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  // Data that was kept gets a retention time: the form asks first (a retry finds it saved already).
  const shorten = page.getByRole('dialog', { name: 'Lyhennetäänkö säilytysaikaa?' });
  const saved = page.getByText('Tallennettu', { exact: true });
  await expect(shorten.or(saved)).toBeVisible();
  if (await shorten.isVisible()) {
    await expect(shorten).toContainText('Asiantuntijat (kuukautta): säilytetään → 24 (730 päivää)');
    await expectAccessible(page);
    await shorten.getByRole('button', { name: 'Lyhennä ja tallenna' }).click();
  }
  await expect(saved).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Käyttöehtojen lisätietolinkki' }).getByLabel('Linkin osoite (Suomeksi)')).toHaveValue(
    'https://espoo.example/kayttoehdot',
  );
  await openFromMenu(page, 'Chat-koodit');
  await expect(page).toHaveURL(/\/admin\/chatCodes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chat-koodit' })).toBeVisible();
  // Focus moves to the new page, so keyboard and screen reader users start from its top.
  await expect.poll(() => page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
  await expectAccessible(page);

  // Usable on a 360 px wide phone: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/organization');
  await expect(page.getByLabel('Asiantuntijat (kuukautta)')).toHaveValue('24');
  await expect(page.getByRole('region', { name: 'Tallennus' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);

  // The patient sees the terms' 'more' link under the terms, opening in a new tab.
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await signInAsNewPerson(patient, 'Ehto', 'Lukija');
  const chooser = patient.getByRole('dialog', { name: 'Valitse organisaatio' });
  await chooser.getByRole('radio', { name: DEMO_ORGANISATION }).check();
  await chooser.getByRole('button', { name: 'Jatka' }).click();
  await expect(patient.getByRole('heading', { level: 1, name: 'Yhteystietosi' })).toBeVisible();
  await fillContact(patient, contactFor('ehto.lukija@example.fi'));
  await patient.getByRole('button', { name: 'Tallenna ja jatka' }).click();
  await expect(patient.getByRole('heading', { level: 1, name: 'Käyttöehdot' })).toBeVisible();
  const link = patient.getByRole('link', { name: /Lisää käyttöehdoista/ });
  await expect(link).toHaveAttribute('href', 'https://espoo.example/kayttoehdot');
  await expect(link).toHaveAttribute('target', '_blank');
  await expectAccessible(patient);
  await patientContext.close();
});
