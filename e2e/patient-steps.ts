import { expect, type Locator, type Page } from '@playwright/test';
import { acceptCookies, expectAccessible, signInAs } from './fixtures';

/** Test persons' contact details (Finnish labels: the app starts in Finnish). */
export type ContactInput = { street: string; code: string; city: string; mobile: string; email: string; nationality: string };

export const contactFor = (email: string): ContactInput => ({
  street: 'Testikatu 1',
  code: '02100',
  city: 'Espoo',
  mobile: '+358401234567',
  email,
  nationality: 'fi',
});

const CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** A valid identity code nobody in the seed has (1980s, random individual number), for a person new to the run. */
export function freshSsn(): string {
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const year = String(80 + Math.floor(Math.random() * 10));
  const individual = String(100 + Math.floor(Math.random() * 799));
  return `${day}${month}${year}-${individual}${CHECK[Number(day + month + year + individual) % 31]}`;
}

/** A family name no earlier run used (runs may share a database), so a queue shows exactly this patient. */
export function uniqueFamilyName(base: string): string {
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${base}-${letters}`;
}

/**
 * From the front page through the provider as a person typed in by name: new to this run, so no other journey
 * (these run in one database) has onboarded them. Returns the identity code for signing in again.
 */
export async function signInAsNewPerson(page: Page, givenName: string, familyName: string, ssn = freshSsn()): Promise<string> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tervetuloa etävastaanotolle' })).toBeVisible();
  if (await page.getByRole('region', { name: 'Evästeet' }).isVisible()) await acceptCookies(page);
  await page.getByRole('button', { name: 'Tunnistaudu', exact: true }).click();
  await expect(page).toHaveURL(/\/test-idp\/interaction\//);
  await page.getByLabel('Henkilötunnus').fill(ssn);
  await page.getByLabel('Etunimi').fill(givenName);
  await page.getByLabel('Sukunimi').fill(familyName);
  await page.getByRole('button', { name: 'Tunnistaudu', exact: true }).click();
  return ssn;
}

/** A test person from the provider's list, from the front page. */
export async function signInAsListed(page: Page, person: RegExp): Promise<void> {
  await page.goto('/');
  await acceptCookies(page);
  await signInAs(page, person);
}

export async function fillContact(page: Page, c: ContactInput): Promise<void> {
  await page.getByLabel('Katuosoite').fill(c.street);
  await page.getByLabel('Postinumero').fill(c.code);
  await page.getByLabel('Kunta tai kaupunki').fill(c.city);
  const mobile = page.getByLabel('Matkapuhelin');
  if (await mobile.isEditable()) await mobile.fill(c.mobile);
  const email = page.getByLabel('Sähköposti');
  if (await email.isEditable()) await email.fill(c.email);
  await page.getByLabel('Kansalaisuus').selectOption(c.nationality);
}

const STEP = /\/(organisation|contact|terms|welcome|landing)$/;

/**
 * Takes a signed-in patient through whatever onboarding is left (organisation, contact, terms, welcome)
 * to the landing page, checking each page with axe on the way.
 */
export async function onboard(
  page: Page,
  opts: { organisation?: string; email: string; dontShowWelcome?: boolean } = { email: 'patient@example.fi' },
): Promise<void> {
  for (let i = 0; i < 6; i++) {
    // A page's heading shows only once the guards have settled where the patient belongs.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page).toHaveURL(STEP);
    const step = STEP.exec(new URL(page.url()).pathname)![1];
    if (step === 'landing') {
      await expect(page.getByRole('heading', { level: 1, name: /^Hei/ })).toBeVisible();
      return;
    }
    if (step === 'organisation') {
      const dialog = page.getByRole('dialog', { name: 'Valitse organisaatio' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('radio', { name: opts.organisation ?? 'Espoon etävastaanotto' }).check();
      await dialog.getByRole('button', { name: 'Jatka' }).click();
      await expect(page).not.toHaveURL(/\/organisation$/);
    } else if (step === 'contact') {
      await expect(page.getByRole('heading', { level: 1, name: 'Yhteystietosi' })).toBeVisible();
      await expectAccessible(page);
      await fillContact(page, contactFor(opts.email));
      await page.getByRole('button', { name: 'Tallenna ja jatka' }).click();
      await expect(page).not.toHaveURL(/\/contact$/);
    } else if (step === 'terms') {
      await expect(page.getByRole('heading', { level: 1, name: 'Käyttöehdot' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Hyväksyn käyttöehdot' }).click();
      await expect(page).not.toHaveURL(/\/terms$/);
    } else {
      await expect(page.getByRole('heading', { level: 1, name: /^Tervetuloa/ })).toBeVisible();
      await expectAccessible(page);
      if (opts.dontShowWelcome) await page.getByLabel('Älä näytä tätä uudelleen').check();
      await page.getByRole('button', { name: 'Jatka' }).click();
      await expect(page).not.toHaveURL(/\/welcome$/);
    }
  }
  throw new Error(`onboarding did not reach the landing page: ${page.url()}`);
}

/** Opens the profile menu and chooses an entry (its menu items are links or buttons). */
export async function fromProfileMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Profiili' }).click();
  const menu = page.getByRole('navigation', { name: 'Profiili' });
  await menu
    .getByRole('link', { name: entry })
    .or(menu.getByRole('button', { name: entry }))
    .click();
}

/** Presses Tab until `target` has focus (keyboard only, as a user would), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, opts: { max?: number; back?: boolean } = {}): Promise<void> {
  for (let i = 0; i < (opts.max ?? 40); i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}
