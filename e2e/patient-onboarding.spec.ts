import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';
import { contactFor, fillContact, fromProfileMenu, signInAsNewPerson } from './patient-steps';

test('a new patient goes organisation, contact, terms, welcome, landing; next time straight to the landing', async ({ page }) => {
  const ssn = await signInAsNewPerson(page, 'Saana', 'Uusinen');

  // Organisation select modal (spec §2).
  await expect(page).toHaveURL(/\/organisation$/);
  const dialog = page.getByRole('dialog', { name: 'Valitse organisaatio' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  const next = dialog.getByRole('button', { name: 'Jatka' });
  await expect(next).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Espoon etävastaanotto' }).check();
  await next.click();

  // Contact details: names from the identification, the rules of spec §5 checked before sending.
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Yhteystietosi' })).toBeVisible();
  await expect(page.getByLabel('Etunimi')).toHaveValue('Saana');
  await expect(page.getByLabel('Etunimi')).not.toBeEditable();
  await expect(page.getByLabel('Sukunimi')).not.toBeEditable();
  await expect(page.getByLabel('Maa')).toHaveValue('fi');
  await page.getByLabel('Postinumero').fill('123');
  await page.getByLabel('Matkapuhelin').fill('04x123');
  await page.getByRole('button', { name: 'Tallenna ja jatka' }).click();
  await expect(page.getByLabel('Katuosoite')).toBeFocused();
  await expect(page.getByLabel('Katuosoite')).toHaveAccessibleDescription('Pakollinen kenttä.');
  await expect(page.getByLabel('Postinumero')).toHaveAccessibleDescription('Postinumerossa on oltava 5 merkkiä.');
  await expect(page.getByLabel('Matkapuhelin')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await fillContact(page, contactFor('saana.uusinen@example.fi'));
  await page.getByRole('button', { name: 'Tallenna ja jatka' }).click();

  // Terms: the organisation's text, back link to contact, accept.
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Käyttöehdot' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Käyttöehdot' })).toContainText('Espoon etävastaanotto tarjoaa etävastaanoton');
  await expect(page.getByRole('link', { name: 'Takaisin yhteystietoihin' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Hyväksyn käyttöehdot' }).click();

  // Welcome: the service info with its line breaks, 'don't show again', continue.
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tervetuloa – Espoon etävastaanotto' })).toBeVisible();
  await expect(page.getByText('Kiireellisissä asioissa soita 112.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/welcome') && r.method() === 'POST');
  await page.getByLabel('Älä näytä tätä uudelleen').check();
  expect((await saved).postDataJSON()).toEqual({ dontShowAgain: true });
  await page.getByRole('button', { name: 'Jatka' }).click();

  // Landing: greeting by first name, 'Your activity' (empty), tiles by the organisation's flags.
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Saana!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Asiointisi' })).toBeVisible();
  await expect(page.getByText('Sinulla ei ole tulevia aikoja eikä vastaustasi odottavia kyselyitä.')).toBeVisible();
  const tiles = page.getByRole('navigation', { name: 'Palvelut' });
  await expect(tiles.getByRole('link')).toHaveText([/Viestit/, /Etävastaanotto/, /Varaa aika/]);
  await expectAccessible(page);

  // Log out with confirmation, then come back: the returning patient lands on the landing page directly.
  await fromProfileMenu(page, 'Kirjaudu ulos');
  const confirm = page.getByRole('dialog', { name: 'Kirjaudu ulos' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Kirjaudu ulos' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByText('Olet kirjautunut ulos')).toBeVisible();

  // Another day: the identity provider's own session is gone too, so Saana identifies herself again.
  await page.context().clearCookies();
  await signInAsNewPerson(page, 'Saana', 'Uusinen', ssn);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Saana!' })).toBeVisible();
});

test('the guards send a signed-out visitor to the authentication page from every patient route', async ({ page }) => {
  for (const path of ['/landing', '/organisation', '/contact', '/terms', '/welcome', '/services', '/profile/contact', '/change-location']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/authentication$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Tervetuloa etävastaanotolle' })).toBeVisible();
});
