import { chromium, expect, test } from '@playwright/test';
import { staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { RELAY_PORT, mediaMissing } from './playwright.config';
import { VIDEO_EXPERT } from './video-steps';

// The device check needs STUN or TURN to say the network works: the relay server (coturn on loopback) has it.
test.use({ baseURL: `http://localhost:${RELAY_PORT}` });
test.skip(mediaMissing.relay !== null, mediaMissing.relay ?? '');

test("with Chromium's synthetic camera and microphone the device check says video works", async ({ page }) => {
  await staffSignIn(page, 'expert', VIDEO_EXPERT);
  await expect(page).toHaveURL(/\/expert\/desktop$/);
  await page.goto('/expert/device-check');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarkista laitteesi videota varten' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Aloita tarkistus' }).click();
  await expect(page.getByRole('region', { name: 'Kamera' }).getByLabel('Kamerasi kuva')).toBeVisible();
  await expect
    .poll(() => page.getByLabel('Kamerasi kuva').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(page.getByRole('meter', { name: 'Mikrofonin äänitaso' })).toBeVisible();
  const network = page.getByRole('region', { name: 'Verkko' });
  await expect(network.getByText(/^Video toimii täällä/)).toBeVisible({ timeout: 15_000 });
  // Which ways out worked, in plain words: the relay (coturn) is there.
  await expect(network.getByText('Yhteys palvelimemme kautta: onnistui')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Soita testiääni' }).click();
  await page.getByRole('group', { name: 'Kuulitko äänen?' }).getByRole('button', { name: 'Kyllä' }).click();
  await expect(page.getByText('Kaiuttimesi toimii.')).toBeVisible();
  await expectAccessible(page);
});

test('a computer without a camera gets the no-camera verdict with what to do', async ({ baseURL }) => {
  // A browser of its own without the synthetic devices: this machine has no camera or microphone.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream'],
  });
  try {
    const page = await (await browser.newContext({ baseURL, locale: 'fi-FI' })).newPage();
    await staffSignIn(page, 'expert', VIDEO_EXPERT);
    await expect(page).toHaveURL(/\/expert\/desktop$/);
    await page.goto('/expert/device-check');
    await page.getByRole('button', { name: 'Aloita tarkistus' }).click();
    const camera = page.getByRole('region', { name: 'Kamera' });
    await expect(
      camera.getByText('Kameraa ei löytynyt: liitä kamera, salli selaimen käyttää sitä tai liity pelkällä äänellä.'),
    ).toBeVisible();
    await expect(page.getByLabel('Kamerasi kuva')).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await browser.close();
  }
});
