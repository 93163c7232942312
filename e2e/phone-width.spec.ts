import { expect, test, type Locator } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { PHONE, expectInViewport, expectNoSidewaysScroll, shoot } from './phone';
import { onboard, signInAsNewPerson } from './patient-steps';
import { closeCallPages, expertAccepts, newNurse, newPerson, patientWalksIn } from './video-steps';

// Spec §9 and the 360 px findings of the first release: every area works on a narrow phone.
test.use({ viewport: PHONE });
// The walk-in patient's page (video-steps keeps it) closes after each journey.
test.afterEach(closeCallPages);

/** The element is wholly inside the viewport's width (it can be seen and reached without scrolling sideways). */
async function expectWithinWidth(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

test('patient at 360 px: a 56 px header, menus and languages on screen, a chat-code field for 12 characters', async ({ page }) => {
  await signInAsNewPerson(page, 'Kapea', 'Näyttö');
  await onboard(page, { email: 'kapea.naytto@example.fi', dontShowWelcome: true });

  const header = page.locator('header.patient-header');
  await expect(header).toBeVisible();
  expect((await header.boundingBox())!.height).toBe(56);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'patient-landing');

  for (const menu of ['Profiili', 'Valikko']) {
    await header.getByRole('button', { name: menu, exact: true }).click();
    const panel = header.locator('.menu-panel:visible');
    await expect(panel).toBeVisible();
    await expectWithinWidth(panel);
    if (menu === 'Valikko') {
      // On a phone the language buttons are in the main menu, so the header stays one row; they keep their names.
      const languages = panel.getByRole('navigation', { name: 'Kieli' });
      await expect(languages.getByRole('button', { name: 'Svenska' })).toBeVisible();
      await expectWithinWidth(languages);
    }
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }

  await page
    .getByRole('navigation', { name: 'Palvelut' })
    .getByRole('link', { name: /Etävastaanotto/ })
    .click();
  const field = page.getByRole('textbox', { name: 'Chat-koodi' });
  await expect(field).toBeVisible();
  await expectWithinWidth(page.getByRole('button', { name: 'Käytä koodia' }));
  await field.fill('ABCDEFGH2026');
  // The whole 12-character code shows: the text is no wider than the box.
  expect(await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'patient-services');

  // In Swedish the location page's facts ('Din tjänsteleverantör' beside the provider's name) were 372 px wide.
  await header.getByRole('button', { name: 'Valikko', exact: true }).click();
  await header.locator('.menu-panel:visible').getByRole('navigation', { name: 'Kieli' }).getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await page.goto('/change-location');
  await expect(page.getByRole('heading', { level: 1, name: 'Byt ort' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'patient-change-location-sv');
});

test('admin at 360 px: the menus open on screen and every user row keeps its actions in reach', async ({ page }) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  const banner = page.getByRole('banner');
  // The header is the title and two menu buttons; the organisation and the languages are in the main menu (issue 28).
  expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(120);
  for (const menu of ['Valikko', 'Oma profiili']) {
    await banner.locator('summary', { hasText: menu }).click();
    const panel = banner.locator('details[open] > .menu-panel');
    await expect(panel).toBeVisible();
    await expectWithinWidth(panel);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }

  await banner.locator('summary', { hasText: 'Valikko' }).click();
  await banner.getByRole('link', { name: 'Ylläpitäjät', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ylläpitäjät' })).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    await expectWithinWidth(row.getByRole('button', { name: /^Muokkaa/ }));
    await expectWithinWidth(row.locator('summary', { hasText: 'Toiminnot' }));
  }
  // The row menu opens inside the row, on screen.
  const first = rows.first();
  await first.locator('summary', { hasText: 'Toiminnot' }).click();
  await expectWithinWidth(first.locator('details[open] > .menu-panel'));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'admin-users');

  // The e-mail templates are cards on a phone: every 'Muokkaa' on screen (issue 28).
  await page.goto('/admin/templateEditor');
  const edits = page.getByRole('link', { name: /^Muokkaa/ });
  await expect(edits.first()).toBeVisible();
  for (const edit of await edits.all()) await expectWithinWidth(edit);
  await expectNoSidewaysScroll(page);
});

test('expert at 360 px: the sign-in page fits its long title, the menus open on screen', async ({ page }) => {
  // 'Kirjaudu asiantuntijasovellukseen': one word wider than a phone's card once the heading's size is applied.
  await page.goto('/expert/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu asiantuntijasovellukseen' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await staffSignIn(page, 'expert', 'expert@espoo.example');
  const banner = page.getByRole('banner');
  await expect(banner.locator('summary', { hasText: 'Valikko' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  for (const menu of ['Valikko', 'Oma profiili']) {
    await banner.locator('summary', { hasText: menu }).click();
    const panel = banner.locator('details[open] > .menu-panel');
    await expect(panel).toBeVisible();
    await expectWithinWidth(panel);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
  await shoot(page, 'expert-desktop');
});

test('expert at 360 px with a chat open: the desk brings the composer into view, not under the queues (issue 28)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A nurse of the journey's own, so that her desk holds this one chat; the patient writes in from a desktop.
  const nurse = await newNurse(browser);
  const walker = newPerson('Pirjo', 'Puhelin');
  const walkerName = `${walker.given} ${walker.family}`;
  await patientWalksIn(browser, walker, 'Sairaanhoitajan chat');
  await staffSignIn(page, 'expert', nurse.email, nurse.password);
  const workspace = await expertAccepts(page, walkerName);
  const chat = workspace.getByRole('article', { name: walkerName });
  await expectInViewport(page, chat.getByRole('textbox', { name: 'Viesti' }));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'expert-desk-chat');
});
