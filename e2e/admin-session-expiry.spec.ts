import { expect, test } from '@playwright/test';
import { EXPIRY_PORT } from './playwright.config';
import { ORG_ADMIN, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

test.use({ baseURL: `http://localhost:${EXPIRY_PORT}` });

test('an admin whose session expired is sent to the login page with the session-expired text', async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Ylläpito' })).toBeVisible();
  await openFromMenu(page, 'Asiantuntijat');
  await expect(page.getByRole('heading', { level: 1, name: 'Asiantuntijat' })).toBeVisible();

  // The server on this port ends sessions idle for 4 s (spec §4 'Session expiry': 101 logs the user out).
  await page.waitForTimeout(5_000);
  await openFromMenu(page, 'Chat-koodit');
  await expect(page).toHaveURL(/\/admin\/login\?unauthorized=true$/);
  await expect(page.getByRole('alert')).toHaveText('Istuntosi on vanhentunut. Kirjaudu uudelleen.');
  await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu ylläpitoon' })).toBeVisible();
  await expectAccessible(page);
});
