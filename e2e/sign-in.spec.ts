import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, signInAs } from './fixtures';
import { fromProfileMenu, onboard } from './patient-steps';

/** A URL as anyone on the way could read it: decoded, with the payload of any JWT in it (a request object) too. */
function readableUrl(url: string): string {
  const text = decodeURIComponent(url);
  const jwtPayloads = [...text.matchAll(/eyJ[\w-]+\.([\w-]+)\./g)].map((m) => Buffer.from(m[1]!, 'base64url').toString('utf8'));
  return [text, ...jwtPayloads].join('\n');
}

test('a patient signs in through the test identity provider and sees their name', async ({ page }) => {
  // Every address the browser asks for, redirects included: none may name the person (FTN profile, issue 25).
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await page.goto('/');
  await expect(page).toHaveURL(/\/authentication$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tervetuloa etävastaanotolle' })).toBeVisible();
  const identify = page.getByRole('button', { name: 'Tunnistaudu' });
  await expect(identify).toBeDisabled();
  await expectAccessible(page);

  await page.getByText('Asiointi toisen puolesta').click();
  await expect(page.getByText(/Suomi.fi-valtuuksista/)).toBeVisible();
  await acceptCookies(page);
  await expect(identify).toBeEnabled();

  await signInAs(page, /Aino Virtanen/);
  // Onboarding first (organisation, contact, terms, welcome) unless an earlier journey did it.
  await onboard(page, { email: 'aino.virtanen@example.fi' });
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Aino!' })).toBeVisible();
  await expectAccessible(page);

  await fromProfileMenu(page, 'Kirjaudu ulos');
  await page.getByRole('dialog', { name: 'Kirjaudu ulos' }).getByRole('button', { name: 'Kirjaudu ulos' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByText('Olet kirjautunut ulos')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/landing');
  await expect(page).toHaveURL(/\/authentication$/);

  // The authorization request was a signed request object: client_id and request, nothing else in the URL.
  const authorization = urls.map((u) => new URL(u)).find((u) => u.pathname.endsWith('/oidc/auth'));
  expect([...authorization!.searchParams.keys()].sort()).toEqual(['client_id', 'request']);
  for (const url of urls) expect(readableUrl(url)).not.toMatch(/Aino|Virtanen|010190-124N/);
});

test('an invalid identity code from the provider is refused with its message', async ({ page }) => {
  await page.goto('/authentication?lang=en');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Identify', exact: true }).click();
  await page.getByLabel('Personal identity code').fill('010190-123X');
  await page.getByRole('button', { name: 'Identify', exact: true }).click();
  await expect(page).toHaveURL(/\/authentication\?error=invalidSsn$/);
  await expect(page.getByRole('alert')).toHaveText('Identification failed: the personal identity code is not valid.');
  await expectAccessible(page);
});

test('cancelling at the provider says the identification was cancelled, not that it failed, and offers to try again', async ({ page }) => {
  await page.goto('/authentication?lang=sv');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Identifiera dig', exact: true }).click();
  await page.getByRole('button', { name: /Avbryt identifieringen|Peruuta tunnistautuminen|Cancel identification/ }).click();
  await expect(page).toHaveURL(/\/authentication\?error=loginCancelled$/);
  await expect(page.getByText('Identifieringen avbröts. Du kan försöka igen.')).toHaveAttribute('role', 'status');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Identifiera dig', exact: true })).toBeEnabled();
  await expectAccessible(page);
});

test('the skip link moves keyboard focus to the content', async ({ page }) => {
  await page.goto('/authentication');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Siirry sisältöön' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#content')).toBeFocused();
});
