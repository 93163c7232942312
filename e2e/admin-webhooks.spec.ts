import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

/**
 * An integrator's receiver, started by the journey on loopback: it checks each message the way docs/webhooks.md
 * tells integrators to (the three headers, the timestamp within 5 minutes, the v1 HMAC-SHA256 in constant time).
 */
type Received = { verified: boolean; body: Record<string, unknown> };
let server: Server;
let receiverUrl: string;
let secret = '';
const received: Received[] = [];

function verified(headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string' || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = Buffer.from(`v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`);
  return signatures.split(' ').some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const ok = verified(req.headers, body);
      received.push({ verified: ok, body: JSON.parse(body) as Record<string, unknown> });
      res.writeHead(ok ? 204 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prsp-hooks`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('an admin registers a receiver by keyboard, keeps the secret shown once, sends a test event and sees it delivered', async ({
  page,
}) => {
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'Webhookit');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhookit' })).toBeVisible();
  await expectAccessible(page);

  // The create dialog, by keyboard: nothing chosen is refused with the fields' messages.
  await page.getByRole('button', { name: 'Lisää vastaanottaja' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Lisää vastaanottaja' });
  await dialog.getByRole('button', { name: 'Lisää', exact: true }).click();
  await expect(dialog.getByLabel('Osoite (URL)')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Valitse vähintään yksi tapahtuma.')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('Osoite (URL)').focus();
  await page.keyboard.type(receiverUrl);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'Varaus tehty' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Varaus tehty' })).toBeChecked();
  // The next event: a booking's every change (time, people, kind, state), for a copy that follows them.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'Varaus muuttui' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Varaus muuttui' })).toBeChecked();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The signing secret, shown this once.
  const secretDialog = page.getByRole('dialog', { name: 'Vastaanottaja lisätty: kopioi allekirjoitusavain' });
  await expect(secretDialog).toBeVisible();
  secret = await secretDialog.getByLabel('Allekirjoitusavain').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expectAccessible(page);
  await secretDialog.getByRole('button', { name: 'Olen tallentanut sen' }).click();
  await expect(secretDialog).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(receiverUrl.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')) });
  await expect(row).toContainText('Varaus tehty, Varaus muuttui');
  await row.getByRole('button', { name: `Lähetä testitapahtuma osoitteeseen ${receiverUrl}` }).click();
  await expect(page.getByText('Testitapahtuma jonossa')).toBeVisible();

  // The server's job runner sends it; the receiver verifies it; the deliveries table shows it delivered.
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(received[0]).toMatchObject({ verified: true, body: { type: 'webhook.test' } });
  await row.getByRole('button', { name: `Näytä toimitukset osoitteeseen ${receiverUrl}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Toimitukset osoitteeseen ${receiverUrl}` })).toBeFocused();
  const delivery = page.getByRole('row', { name: /Testitapahtuma/ });
  await expect(delivery).toContainText('Toimitettu', { timeout: 15_000 });
  await expect(delivery).toContainText('204');
  await expectAccessible(page);

  // 360 px: nothing scrolls sideways, the actions stay in reach.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(delivery).toContainText('Toimitettu');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);

  // Clean up: delete the endpoint, confirmed.
  await row.getByRole('button', { name: `Poista vastaanottaja ${receiverUrl}` }).click();
  await page.getByRole('dialog', { name: 'Poistetaanko vastaanottaja?' }).getByRole('button', { name: 'Poista' }).click();
  await expect(page.getByText('Vastaanottaja poistettu')).toBeVisible();
  await expect(row).toHaveCount(0);
});
