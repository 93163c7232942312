import { expect, test } from '@playwright/test';
import { expectAccessible, signInAs } from './fixtures';
import { fromProfileMenu, onboard, signInAsListed } from './patient-steps';

/**
 * Issue 7 item 8: on a shared device the next person must not get the previous person's account. Logging out
 * ends the identity provider's session too, and every sign-in asks the provider to identify again.
 */
test('after logout the next person identifies again and sees their own name', async ({ page }) => {
  await signInAsListed(page, /Aino Virtanen/);
  await onboard(page, { email: 'aino.virtanen@example.fi' });
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Aino!' })).toBeVisible();

  await fromProfileMenu(page, 'Kirjaudu ulos');
  await page.getByRole('dialog', { name: 'Kirjaudu ulos' }).getByRole('button', { name: 'Kirjaudu ulos' }).click();
  // Through the provider's end-session page and back to our logout page.
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByText('Olet kirjautunut ulos')).toBeVisible();
  await expectAccessible(page);

  // The provider shows its identification page again (signInAs expects it and checks it with axe) …
  await page.goto('/');
  await signInAs(page, /Matti Korhonen/);
  await onboard(page, { email: 'matti.korhonen@example.fi' });
  // … and the person now signed in is the one who identified.
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Matti!' })).toBeVisible();
  await expectAccessible(page);
});

test('signing in again without logging out still asks to identify', async ({ page }) => {
  await signInAsListed(page, /Helmi Laine/);
  await onboard(page, { email: 'helmi.laine@example.fi' });
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Helmi!' })).toBeVisible();
  // Straight to the sign-in route, as a second tab or a bookmark would: the provider asks again.
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/test-idp\/interaction\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Testitunnistus' })).toBeVisible();
  await expectAccessible(page);
});
