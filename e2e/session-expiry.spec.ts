import { expect, test } from '@playwright/test';
import { EXPIRY_PORT } from './playwright.config';
import { acceptCookies, expectAccessible, signInAs } from './fixtures';

test.use({ baseURL: `http://localhost:${EXPIRY_PORT}` });

test('an expired session lands on the logout page with the session-expired text', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await signInAs(page, /Matti Korhonen/);
  // A new patient starts with the organisation choice; the session ends while it is open.
  await expect(page.getByRole('dialog', { name: 'Valitse organisaatio' })).toBeVisible();

  // The server on this port ends sessions idle for 4 s. The patient leaves the tab and comes back.
  await page.waitForTimeout(5_000);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });

  await expect(page).toHaveURL(/\/logout\?unauthorized=true$/);
  await expect(page.getByRole('alert')).toHaveText(/Istuntosi on vanhentunut/);
  await expectAccessible(page);
});
