import { expect, type Locator, type Page } from '@playwright/test';

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
  const { width, sticking } = await page.evaluate((limit) => {
    // The innermost elements reaching past the edge, named so a failure says what to fix.
    const out = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > limit + 0.5);
    // A word too long to wrap sticks out of a box that itself fits: name the box that holds the text.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      range.selectNodeContents(n);
      if (range.getBoundingClientRect().right > limit + 0.5 && n.parentElement) out.push(n.parentElement);
    }
    const innermost = out.filter((e) => !out.some((o) => o !== e && e.contains(o)));
    const name = (e: Element) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').slice(0, 40)}"`;
    return { width: document.documentElement.scrollWidth, sticking: innermost.slice(0, 5).map(name) };
  }, PHONE.width);
  expect(width, `sticking out: ${sticking.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
}

/**
 * The element is wholly on the first screen: inside the viewport with the page scrolled to its top, so a person sees
 * it without scrolling (issue 28: the desk's video was at y≈790 on 1280×900, the composer at 1,274 px on a phone).
 */
export async function expectOnFirstScreen(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the element has a box').not.toBeNull();
  expect(box!.y, 'its top is on screen').toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, 'its bottom is on the first screen').toBeLessThanOrEqual(viewport.height);
  expect(box!.x, 'its left edge is on screen').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'its right edge is on screen').toBeLessThanOrEqual(viewport.width);
}

/**
 * The element is wholly inside the viewport as the page left it, without the journey scrolling: where the app itself
 * brings it into view (the desk scrolls a chat just taken to its composer on a phone, whose chat height is the
 * window's less the header, spec §9), this is what the person sees.
 */
export async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x + box!.width, 'its right edge is on screen').toBeLessThanOrEqual(viewport.width);
}
