import { expect, type Page } from '@playwright/test';

/** A narrow phone (spec §9): every area must work at 360 px. */
export const PHONE = { width: 360, height: 740 };

/** With SHOTS_DIR set, the journey also leaves screenshots at 360 and 1280 px for a person to look at. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

/** The page does not scroll sideways: nothing sticks out of the 360 px viewport. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}
