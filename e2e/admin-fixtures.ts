import { expect, type Page } from '@playwright/test';
import { adminCall } from './booking-steps';
import { expectAccessible } from './fixtures';

/** The seeded demo staff (apps/server/src/db/seed): every one of them has this password. */
export const DEMO_PASSWORD = 'Demo-Password-2026';
export const GLOBAL_ADMIN = 'admin@prsp.example';
export const ORG_ADMIN = 'org.admin@espoo.example';
export const DEMO_ORGANISATION = 'Espoon etävastaanotto';

/** A fresh address per run, so a journey can be repeated on the same server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.example`;
}

/** Signs in on the staff login page (admin or expert) in Finnish, checking the page with axe first. */
export async function staffSignIn(page: Page, app: 'admin' | 'expert', email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`/${app}/login`);
  await expect(
    page.getByRole('heading', { level: 1, name: app === 'admin' ? 'Kirjaudu ylläpitoon' : 'Kirjaudu asiantuntijasovellukseen' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Sähköpostiosoite').fill(email);
  await page.getByLabel('Salasana', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
}

/**
 * Answers the organisation selection modal that follows an admin's sign-in. An admin of exactly one
 * organisation is put in it by the server at sign-in, and no modal opens.
 */
export async function chooseOrganisation(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Valitse organisaatio' });
  const chosen = page.getByRole('banner').getByText(name, { exact: true });
  // On a phone the chosen organisation's name sits in the closed main menu: there, not visible.
  await expect(dialog.or(chosen).first()).toBeAttached();
  if ((await chosen.count()) > 0) return;
  await expectAccessible(page);
  await dialog.getByRole('radio', { name }).check();
  await dialog.getByRole('button', { name: 'Valitse' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Organisaatio vaihdettu: ${name}`)).toBeVisible();
}

/** Opens a screen from the admin main menu, as a user would. */
export async function openFromMenu(page: Page, entry: string): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.locator('summary', { hasText: 'Valikko' }).click();
  await banner.getByRole('link', { name: entry, exact: true }).click();
}

type CaughtSummary = { id: string; to: string; subject: string };

/** The newest e-mail the built-in catcher holds for `to`, waiting for the outbox worker to deliver it. */
export async function latestMailTo(page: Page, to: string): Promise<{ subject: string; text: string; links: string[] }> {
  let found: CaughtSummary | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/inbox?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { data: { messages: CaughtSummary[] } };
        found = body.data.messages[0];
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const res = await page.request.get(`/api/dev/inbox/${found!.id}`);
  return ((await res.json()) as { data: { subject: string; text: string; links: string[] } }).data;
}

/** An expert a journey made for itself: a calendar no other journey has touched. */
export type JourneyExpert = { id: string; email: string; name: string; password: string };

/**
 * The signed-in organisation admin adds an expert of the demo organisation serving `chatQueueId`, and the expert
 * sets a password from the registration mail. A journey whose visit is held gets a calendar of its own this way: a
 * held visit stays in its expert's calendar until its end and is never cancelled (docs/booking.md), so journeys
 * sharing the demo experts would find each other's in the way.
 */
export async function newExpert(admin: Page, firstName: string, chatQueueId = 'espoo-nurse'): Promise<JourneyExpert> {
  const email = uniqueEmail(firstName.toLowerCase());
  const lastName = `Hoitaja${Date.now().toString(36)}`;
  const password = 'Journey-Password-2026';
  const created = await adminCall<{ id: string }>(admin, '/api/admin/experts/create', {
    firstName,
    lastName,
    email,
    specializations: ['nurse'],
    communicationLanguage: 'fi',
    chatQueueId,
  });
  expect(created.statusCode, JSON.stringify(created)).toBe(200);
  const mail = await latestMailTo(admin, email);
  const token = mail.links.map((l) => new URL(l).searchParams.get('token')).find(Boolean);
  expect(token, 'the registration mail links the password page').toBeTruthy();
  const set = await adminCall(admin, '/api/sso/password/set', { token, password, passwordAgain: password });
  expect(set.statusCode, JSON.stringify(set)).toBe(200);
  return { id: created.data.id, email, name: `${firstName} ${lastName}`, password };
}
