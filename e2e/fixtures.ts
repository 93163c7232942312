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

/** A one-page PDF a reader opens (the server checks an upload's bytes), shared by the journeys that attach a file. */
export function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
