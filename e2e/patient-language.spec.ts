import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';
import { onboard, signInAsNewPerson } from './patient-steps';

test('switching language re-renders the page and sends language and time zone to the server', async ({ page }) => {
  await signInAsNewPerson(page, 'Kielo', 'Kokeilija');
  await onboard(page, { email: 'kielo.kokeilija@example.fi', dontShowWelcome: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Kielo!' })).toBeVisible();
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

  const languages = page.getByRole('navigation', { name: 'Kieli' });
  let posted = page.waitForRequest((r) => r.url().endsWith('/api/client_params') && r.method() === 'POST');
  await languages.getByRole('button', { name: 'English' }).click();
  expect((await posted).postDataJSON()).toEqual({ lang: 'en', timezone: timeZone });
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Kielo!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your activity' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAccessible(page);

  posted = page.waitForRequest((r) => r.url().endsWith('/api/client_params') && r.method() === 'POST');
  await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Svenska' }).click();
  expect((await posted).postDataJSON()).toEqual({ lang: 'se', timezone: timeZone });
  await expect(page.getByRole('heading', { level: 1, name: 'Hej, Kielo!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');

  // The choice holds after a reload (the `language` cookie), on another page too.
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Distansmottagning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Distansmottagning' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Distansmottagning' })).toBeVisible();
  await expectAccessible(page);
});
