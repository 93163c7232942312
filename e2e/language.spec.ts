import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';

test('the language follows the query parameter and then the cookie', async ({ page, context }) => {
  await page.goto('/authentication?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the remote reception' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en');
  await expectAccessible(page);

  await page.goto('/authentication');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the remote reception' })).toBeVisible();

  // `sv` in the URL is Swedish, stored as the spec's `se`.
  await page.goto('/authentication?lang=sv');
  await expect(page.getByRole('heading', { level: 1, name: 'Välkommen till distansmottagningen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('se');
  await expectAccessible(page);
});

test('the language buttons switch the page and remember the choice', async ({ page, context }) => {
  await page.goto('/authentication');
  await expect(page.getByRole('heading', { level: 1, name: 'Tervetuloa etävastaanotolle' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Kieli' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the remote reception' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the remote reception' })).toBeVisible();
});

test('the expert and admin apps start in Finnish whatever the patient chose', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  for (const [path, heading] of [
    ['/expert', 'Kirjaudu asiantuntijasovellukseen'],
    ['/admin', 'Kirjaudu ylläpitoon'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await expectAccessible(page);
  }
});
