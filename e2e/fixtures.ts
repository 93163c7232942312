import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.4.2 'Page titled': every page of every area has a title of the form 'page – organisation' (the neutral
 * service name where no organisation is known), never the bare site constant 'PRSP'. Waits for the page's title.
 */
export async function expectPageTitle(page: Page): Promise<void> {
  await expect(page).toHaveTitle(/^\S.* – \S.*$/);
  expect(await page.title()).not.toBe('PRSP');
}

/** Fails on any serious or critical WCAG 2.1 A/AA violation on the page as it is now, or on a missing page title. */
export async function expectAccessible(page: Page): Promise<void> {
  await expectPageTitle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Answers the cookie banner the way most people do. */
export async function acceptCookies(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: /Evästeet|Kakor|Cookies/ })
    .getByRole('button', { name: /Hyväksy kaikki|Godkänn alla|Accept all/ })
    .click();
}

/** From the authentication page through the built-in identity provider, choosing a test person by name. */
export async function signInAs(page: Page, personName: RegExp): Promise<void> {
  await page.getByRole('button', { name: /^(Tunnistaudu|Identifiera dig|Identify)$/ }).click();
  await expect(page).toHaveURL(/\/test-idp\/interaction\//);
  await expectAccessible(page);
  await page.getByRole('button', { name: personName }).click();
}
