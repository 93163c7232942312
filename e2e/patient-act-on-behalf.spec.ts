import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures';
import { contactFor, fillContact, fromProfileMenu, onboard, signInAsListed } from './patient-steps';

/** Opens the act-on-behalf modal from the profile menu and goes to the mandate service. */
async function toMandateService(page: Page): Promise<void> {
  await fromProfileMenu(page, 'Asioi toisen puolesta');
  const dialog = page.getByRole('dialog', { name: 'Asioi toisen puolesta' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Valitse henkilö Suomi.fi-valtuuksista' }).click();
  await expect(page).toHaveURL(/\/test-mandates\//);
}

test('acting on behalf of a child shows the banner and read-only contact fields; acting as myself returns', async ({ page }) => {
  await signInAsListed(page, /Aino Virtanen/);
  await onboard(page, { email: 'aino.virtanen@example.fi' });
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Aino!' })).toBeVisible();

  // Cancelling at the mandate service brings the reason back to the landing page.
  await toMandateService(page);
  await page.getByRole('button', { name: 'Peruuta' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('alert')).toHaveText(/Henkilön valinta peruttiin/);

  // Choosing Lilja: she has not been onboarded, so her onboarding starts, with Aino's phone and e-mail.
  await toMandateService(page);
  await expectAccessible(page);
  await page.getByLabel(/Lilja Virtanen/).check();
  await page.getByRole('button', { name: 'Jatka' }).click();
  // Lilja's own onboarding: the organisation choice first unless she already has one.
  await expect(page).toHaveURL(/\/(organisation|contact)$/);
  if (page.url().endsWith('/organisation')) {
    await page.getByRole('dialog').getByRole('radio', { name: 'Espoon etävastaanotto' }).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Jatka' }).click();
  }
  await expect(page).toHaveURL(/\/contact$/);
  const banner = page.getByText('Asioit henkilön puolesta:');
  await expect(banner).toBeVisible();
  await expect(page.getByText('Lilja Virtanen', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Etunimi')).toHaveValue('Lilja');
  await expect(page.getByLabel('Matkapuhelin')).not.toBeEditable();
  await expect(page.getByLabel('Sähköposti')).not.toBeEditable();
  await expect(page.getByLabel('Sähköposti')).toHaveValue('aino.virtanen@example.fi');
  // These are Lilja's details, not 'yours', and the page and its tab say so.
  await expect(page.getByRole('heading', { level: 1, name: 'Henkilön Lilja Virtanen yhteystiedot' })).toBeVisible();
  await expect(page).toHaveTitle(/^Henkilön Lilja Virtanen yhteystiedot – /);
  await expectAccessible(page);

  // Lilja's onboarding done, her landing page speaks to her mother about her.
  await fillContact(page, contactFor('aino.virtanen@example.fi'));
  await page.getByRole('button', { name: 'Tallenna ja jatka' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Käyttöehdot' })).toBeVisible();
  await page.getByRole('button', { name: 'Hyväksyn käyttöehdot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Tervetuloa/ })).toBeVisible();
  await page.getByRole('button', { name: 'Jatka' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asioit henkilön Lilja Virtanen puolesta' })).toBeVisible();

  // Act as myself: acting ends, config and contact reload, and Aino is back on her landing page.
  await page.getByRole('button', { name: 'Vaihda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Asioi toisen puolesta' });
  await expect(dialog).toContainText('Lilja Virtanen');
  await dialog.getByRole('button', { name: 'Asioi omana itsenäni' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Aino!' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await fromProfileMenu(page, 'Yhteystiedot');
  await expect(page).toHaveURL(/\/profile\/contact$/);
  await expect(page.getByLabel('Etunimi')).toHaveValue('Aino');
  await expect(page.getByLabel('Matkapuhelin')).toBeEditable();
});
