import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, latestMailTo, openFromMenu, staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';

const NEW_PASSWORD = 'Uusi-Salasana-2026';

test('an organisation admin adds an expert, who registers from the e-mailed link and signs in to the expert app', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('hoitaja');
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Asiantuntijat');
  await expect(page.getByRole('heading', { level: 1, name: 'Asiantuntijat' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Lisää asiantuntija' }).click();
  const modal = page.getByRole('dialog', { name: 'Lisää asiantuntija' });
  await expect(modal).toBeVisible();
  // Spec §5 'Expert': names, at least one specialization, a correct e-mail, a chat queue.
  await modal.getByRole('button', { name: 'Luo asiantuntija' }).click();
  await expect(modal.getByLabel('Etunimi')).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByText('Valitse vähintään yksi erikoisala.').or(modal.getByText('Anna vähintään yksi erikoisala.'))).toBeVisible();
  await expectAccessible(page);

  await modal.getByLabel('Etunimi').fill('Hilkka');
  await modal.getByLabel('Sukunimi').fill('Hoitaja');
  await modal.getByLabel('Sähköposti').fill(email);
  await modal.getByRole('group', { name: 'Erikoisalat ja nimikkeet' }).getByRole('checkbox').first().check();
  await modal.getByLabel('Luo asiantuntijalle henkilökohtainen jono').check();
  await modal.getByRole('button', { name: 'Luo asiantuntija' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Asiantuntija luotu ja rekisteröitymisviesti lähetetty')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row.getByText('Salasana asettamatta')).toBeVisible();
  await expectAccessible(page);

  // The registration e-mail arrives in the built-in catcher, with a single-use link.
  const mail = await latestMailTo(page, email);
  const link = mail.links.find((l) => l.includes('/expert/register?token='));
  expect(link).toBeDefined();

  const expertContext = await browser.newContext();
  const expert = await expertContext.newPage();
  await expert.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(expert.getByRole('heading', { level: 1, name: 'Luo salasana' })).toBeVisible();
  await expectAccessible(expert);

  // Spec §5 'Password': 12+ characters with digits, lower and upper case; the two entries match.
  await expert.getByLabel('Uusi salasana', { exact: true }).fill('lyhyt');
  await expert.getByLabel('Uusi salasana uudelleen').fill('toinen');
  await expert.getByRole('button', { name: 'Tallenna salasana' }).click();
  await expect(expert.getByText('Salasanassa on oltava vähintään 12 merkkiä, numeroita sekä pieniä ja isoja kirjaimia.')).toBeVisible();
  await expect(expert.getByText('Salasanat eivät täsmää.')).toBeVisible();
  await expectAccessible(expert);

  await expert.getByLabel('Uusi salasana', { exact: true }).fill(NEW_PASSWORD);
  await expert.getByLabel('Uusi salasana uudelleen').fill(NEW_PASSWORD);
  await expert.getByRole('button', { name: 'Tallenna salasana' }).click();
  await expect(expert).toHaveURL(/\/expert\/login\?passwordSet=1$/);
  await expect(expert.getByText('Salasana on asetettu. Voit nyt kirjautua sisään.')).toBeVisible();

  // The link is single use: opened again it says so at once, without a form to fill in first.
  await expert.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(expert.getByRole('heading', { level: 1, name: 'Linkki ei ole enää voimassa' })).toBeVisible();
  await expect(expert.getByRole('alert')).toHaveText('Salasanaa ei voi asettaa. Ota yhteyttä ylläpitäjään.');
  await expect(expert.getByLabel('Uusi salasana', { exact: true })).toHaveCount(0);
  await expectAccessible(expert);

  await staffSignIn(expert, 'expert', email, NEW_PASSWORD);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);
  await expect(expert.getByRole('heading', { level: 1, name: 'Työpöytä' })).toBeVisible();
  await expect(expert.getByText('Hei, Hilkka!')).toBeVisible();
  await expectAccessible(expert);

  // The menu leads to the expert's work; a new expert has no surveys yet, and the page says so.
  const banner = expert.getByRole('banner');
  await banner.locator('summary', { hasText: 'Valikko' }).click();
  await banner.getByRole('link', { name: 'Avoimet kyselyt' }).click();
  await expect(expert.getByRole('heading', { level: 1, name: 'Kyselyt: Avoimet' })).toBeVisible();
  await expect(expert.getByText('Ei avoimia kyselyitä.')).toBeVisible();
  await expect(expert).toHaveTitle(/^(\(\d+\) )?Kyselyt: Avoimet – /);
  await expectAccessible(expert);

  await banner.locator('summary', { hasText: 'Oma profiili' }).click();
  await expect(expert.getByText(email)).toBeVisible();
  await expert.getByRole('button', { name: 'Kirjaudu ulos' }).click();
  await expect(expert).toHaveURL(/\/expert\/login\?loggedOut=1$/);
  await expect(expert.getByText('Olet kirjautunut ulos.')).toBeVisible();
  await expert.goto('/expert/desktop');
  await expect(expert).toHaveURL(/\/expert\/login$/);
  await expertContext.close();
});

test('the expert app starts in Finnish whatever the patient app chose, and switches language on request', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  await page.goto('/expert');
  await expect(page).toHaveURL(/\/expert\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu asiantuntijasovellukseen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await page.getByRole('button', { name: 'Svenska' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Logga in i expertappen' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Glömt lösenordet?' }).click();
  await page.getByRole('textbox', { name: 'E-postadress' }).last().fill('not-an-address');
  await page.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(page.getByText('Kontrollera e-postadressen.')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-postadress' }).last().fill('nobody@e2e.example');
  await page.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(page.getByText(/Om adressen är registrerad/)).toBeVisible();
  await expectAccessible(page);
});
