import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';
import { fromProfileMenu, onboard, signInAsNewPerson } from './patient-steps';

test('the menus reach every patient page, each passing axe', async ({ page }) => {
  // Nine pages each checked with axe (its script injected every time): with the other journey group on the same two
  // cores the checks alone took 26 s and the journey ran past 60 s.
  test.setTimeout(120_000);
  await signInAsNewPerson(page, 'Valikko', 'Kävijä');

  // Before onboarding the menu entries show but cannot be used (spec §6).
  await expect(page).toHaveURL(/\/organisation$/);
  // Closing the organisation modal (Esc) goes to the contact form (spec §2).
  await expect(page.getByRole('dialog', { name: 'Valitse organisaatio' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/contact$/);
  const main = page.getByRole('navigation', { name: 'Päävalikko' });
  await expect(main.getByRole('button', { name: 'Etusivu' })).toHaveAttribute('aria-disabled', 'true');
  await expect(main.getByRole('link', { name: 'Etusivu' })).toHaveCount(0);
  await page.goto('/landing');
  await onboard(page, { email: 'valikko.kavija@example.fi', dontShowWelcome: true });

  await fromProfileMenu(page, 'Yhteystiedot');
  await expect(page.getByRole('heading', { level: 1, name: 'Yhteystiedot' })).toBeVisible();
  // Exact: the reminder switch below the form is labelled 'Muistutus sähköpostilla …'.
  await expect(page.getByLabel('Sähköposti', { exact: true })).toHaveValue('valikko.kavija@example.fi');
  await page.getByLabel('Katuosoite').fill('Uusi katu 2');
  await page.getByRole('button', { name: 'Tallenna', exact: true }).click();
  // The reminders section has a status line of its own (empty until a reminder switch is saved).
  await expect(page.getByRole('status').filter({ hasText: 'Yhteystietosi tallennettiin.' })).toBeVisible();
  // Which reminders come depends on the organisation's settings (an admin journey changes the e-mail one); the SMS
  // an hour before is always sent in the demo.
  await expect(page.getByRole('region', { name: 'Muistutukset' })).toContainText(/Saat muistutuksen .*tekstiviestillä tuntia ennen/);
  await expectAccessible(page);

  await fromProfileMenu(page, 'Käyttöehdot');
  await expect(page).toHaveURL(/\/profile\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Käyttöehdot' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hyväksyn käyttöehdot' })).toHaveCount(0);
  await expectAccessible(page);

  await fromProfileMenu(page, 'Palvelun tiedot');
  await expect(page).toHaveURL(/\/profile\/welcome$/);
  await expect(page.getByLabel('Älä näytä tätä uudelleen')).toBeChecked();
  await expectAccessible(page);

  await main.getByRole('link', { name: 'Vaihda sijaintia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vaihda sijaintia' })).toBeVisible();
  const change = page.getByRole('button', { name: 'Vaihda', exact: true });
  await expect(change).toBeDisabled();
  await page.getByLabel('Kunta').selectOption({ label: 'Espoo' });
  await expect(change).toBeEnabled();
  await expectAccessible(page);
  await change.click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('status')).toHaveText('Sijaintisi vaihdettiin.');

  // Spec §4: the current area shows and cannot be chosen again; another organisation's area asks first.
  await main.getByRole('link', { name: 'Vaihda sijaintia' }).click();
  await expect(page.getByText('Nykyinen alue')).toBeVisible();
  await expect(page.locator('dd').first()).toHaveText('Espoo');
  await expect(page.getByRole('option', { name: 'Espoo (nykyinen)' })).toBeDisabled();
  await page.getByLabel('Kunta').selectOption({ label: 'Turku' });
  await change.click();
  const confirmMove = page.getByRole('dialog', { name: 'Palveluntarjoajasi vaihtuu' });
  await expect(confirmMove).toContainText('Turku');
  await expectAccessible(page);
  await confirmMove.getByRole('button', { name: 'Peruuta' }).click();
  await expect(page).toHaveURL(/\/change-location$/);
  await main.getByRole('link', { name: 'Etusivu' }).click();

  await main.getByRole('link', { name: 'Asiointihistoria' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByText('Sinulla ei ole aiempia keskusteluja.')).toBeVisible();
  await expect(page).toHaveTitle(/^Asiointihistoria – /);
  await expectAccessible(page);

  // Messages are live: a new patient sees the empty list.
  const messages = main.getByRole('link', { name: 'Viestit' });
  await messages.click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Viestit' })).toBeVisible();
  await expect(page.getByText('Sinulla ei ole vielä viestejä.')).toBeVisible();
  await expect(page).toHaveTitle(/^Viestit – /);
  await expectAccessible(page);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiili' })).toBeVisible();
  await expectAccessible(page);

  // Logging out from the route asks first; cancelling keeps the session.
  await page.goto('/logout');
  const confirm = page.getByRole('dialog', { name: 'Kirjaudu ulos' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Peruuta' }).click();
  await expect(page).toHaveURL(/\/landing$/);
});
