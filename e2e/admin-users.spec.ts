import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ORGANISATION,
  GLOBAL_ADMIN,
  ORG_ADMIN,
  chooseOrganisation,
  latestMailTo,
  openFromMenu,
  staffSignIn,
  uniqueEmail,
} from './admin-fixtures';
import { expectAccessible } from './fixtures';

const PASSWORD = 'Lukittu-Kayttaja-2026';

async function confirmAction(page: Page, rowText: string, action: string, title: string) {
  const row = page.getByRole('row', { name: new RegExp(rowText.replace(/\./g, '\\.')) });
  await row.locator('summary', { hasText: 'Toiminnot' }).click();
  await row.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

test('an admin user created by the organisation admin is locked and then cannot sign in', async ({ page, browser }) => {
  const email = uniqueEmail('yllapitaja');
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Ylläpitäjät');
  await expect(page.getByRole('heading', { level: 1, name: 'Ylläpitäjät' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Lisää käyttäjä' }).click();
  const modal = page.getByRole('dialog', { name: 'Lisää käyttäjä' });
  await modal.getByLabel('Etunimi').fill('Lauri');
  await modal.getByLabel('Sukunimi').fill('Lukittava');
  await modal.getByLabel('Sähköposti').fill('not-an-address');
  await modal.getByRole('button', { name: 'Luo käyttäjä' }).click();
  await expect(modal.getByText('Tarkista sähköpostiosoite.')).toBeVisible();
  await modal.getByLabel('Sähköposti').fill(email);
  await modal.getByLabel('Rooli').selectOption({ label: 'Ajanvaraaja' });
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Luo käyttäjä' }).click();
  await expect(page.getByText('Käyttäjä luotu ja rekisteröitymisviesti lähetetty')).toBeVisible();

  // Search finds the new user, whose status is 'no password set' until the link is used.
  await page.getByRole('searchbox').fill('Lukittava');
  await page.getByRole('button', { name: 'Hae' }).click();
  await expect(page.getByRole('row', { name: /Lauri Lukittava/ }).getByText('Salasana asettamatta')).toBeVisible();

  const mail = await latestMailTo(page, email);
  const link = new URL(mail.links.find((l) => l.includes('/admin/register?token='))!);
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await user.goto(link.pathname + link.search);
  await user.getByLabel('Uusi salasana', { exact: true }).fill(PASSWORD);
  await user.getByLabel('Uusi salasana uudelleen').fill(PASSWORD);
  await user.getByRole('button', { name: 'Tallenna salasana' }).click();
  await expect(user).toHaveURL(/\/admin\/login\?passwordSet=1$/);

  await page.reload();
  await expect(page.getByRole('row', { name: /Lauri Lukittava/ }).getByText('Aktiivinen')).toBeVisible();
  await confirmAction(page, 'Lauri Lukittava', 'Lukitse', 'Lukitaanko käyttäjä?');
  await expect(page.getByText('Käyttäjä lukittu')).toBeVisible();
  await expect(page.getByRole('row', { name: /Lauri Lukittava/ }).getByText('Lukittu')).toBeVisible();

  await staffSignIn(user, 'admin', email, PASSWORD);
  await expect(user.getByRole('alert')).toHaveText('Kirjautuminen epäonnistui');
  await expect(user).toHaveURL(/\/admin\/login$/);
  await expectAccessible(user);

  await confirmAction(page, 'Lauri Lukittava', 'Avaa lukitus', 'Avataanko lukitus?');
  await expect(page.getByText('Lukitus avattu')).toBeVisible();
  await staffSignIn(user, 'admin', email, PASSWORD);
  await expect(user.getByRole('heading', { level: 1, name: 'Ylläpito' })).toBeVisible();
  await expect(user.getByRole('banner').getByText(DEMO_ORGANISATION, { exact: true })).toBeVisible();
  await userContext.close();
});

test('global user management lists every member of staff with their organisations', async ({ page }) => {
  await staffSignIn(page, 'admin', GLOBAL_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Globaali käyttäjähallinta');
  await expect(page.getByRole('heading', { level: 1, name: 'Globaali käyttäjähallinta' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('searchbox').fill('espoo.example');
  await page.getByRole('button', { name: 'Hae' }).click();
  await expect(page.getByRole('row', { name: /org\.admin@espoo\.example/ })).toContainText('Espoon etävastaanotto');
  await expect(page.getByRole('row', { name: /expert@espoo\.example/ })).toContainText('Espoon etävastaanotto (asiantuntija)');

  await page.getByRole('button', { name: 'Lisää käyttäjä' }).click();
  const modal = page.getByRole('dialog', { name: 'Lisää käyttäjä' });
  await modal.getByLabel('Etunimi').fill('Kesken');
  // Closing a form with changes asks first (spec §4 'Unsaved changes').
  await modal.getByRole('button', { name: 'Peruuta' }).click();
  const ask = page.getByRole('dialog', { name: 'Tallentamattomia muutoksia' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Poistu tallentamatta' }).click();
  await expect(modal).toBeHidden();
});

test('during the lockout the sign-in says there were too many tries and when to try again', async ({ page }) => {
  // An address without an account locks exactly like one with an account (nothing tells which exist).
  const email = uniqueEmail('lukkiutuva');
  for (let i = 0; i < 5; i++) {
    await staffSignIn(page, 'admin', email, `Wrong-Password-${i}`);
    await expect(page.getByRole('alert')).toHaveText('Kirjautuminen epäonnistui');
  }
  await staffSignIn(page, 'admin', email, `Wrong-Password-5`);
  await expect(page.getByRole('alert')).toHaveText(
    /^Liian monta epäonnistunutta yritystä\. Kirjautuminen on suljettu 15 minuutiksi: voit yrittää uudelleen klo \d{1,2}\.\d{2} alkaen\.$/,
  );
  await expectAccessible(page);
});

test('the spec admin routes of the messaging release are pages of their own, titled; an unknown path is not found', async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await expect(page).toHaveTitle(`Ylläpito – ${DEMO_ORGANISATION}`);
  for (const [path, title] of [
    ['/admin/messages/messageCodes', 'Viestikoodit'],
    ['/admin/messages/categories', 'Viestien kategoriat'],
    ['/admin/messages/customizable', 'Viestien sisältö'],
    ['/admin/messages/experts', 'Viestien asiantuntijat'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} – ${DEMO_ORGANISATION}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sivua ei löytynyt' })).toHaveCount(0);
  }
  await expectAccessible(page);
  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Sivua ei löytynyt' })).toBeVisible();
});
