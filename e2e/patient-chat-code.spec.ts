import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';
import { onboard, signInAsNewPerson } from './patient-steps';

test('service selection: open services, and chat codes with the spec §8 messages under the field', async ({ page }) => {
  await signInAsNewPerson(page, 'Koodi', 'Kokeilija');
  await onboard(page, { email: 'koodi.kokeilija@example.fi', dontShowWelcome: true });
  await page
    .getByRole('navigation', { name: 'Palvelut' })
    .getByRole('link', { name: /Etävastaanotto/ })
    .click();

  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Etävastaanotto' })).toBeVisible();
  // The demo's open services (other journeys may add more to the same organisation).
  const services = page.getByRole('heading', { level: 3 });
  await expect(services.filter({ hasText: 'Lääkärin vastaanotto' })).toHaveCount(1);
  await expect(services.filter({ hasText: 'Sairaanhoitajan chat' })).toHaveCount(1);
  await expectAccessible(page);

  const field = page.getByRole('textbox', { name: 'Chat-koodi' });
  const submit = page.getByRole('button', { name: 'Käytä koodia' });
  await expect(submit).toBeDisabled();
  await field.fill('   ');
  await expect(submit).toBeDisabled();

  const cases = [
    // The hour follows the browser's time zone; the date is the code group's start (seeded 1.1.2099).
    ['FUTURE2099', /^Chat-koodia ei voi vielä avata\. Koodi on voimassa 1\.1\.2099 klo \d{1,2}\.00 alkaen\.$/, 'field-warning'],
    ['EXPIRED2020', 'Chat-koodi on vanhentunut.', 'field-error'],
    ['USED0001', 'Chat-koodi on jo käytetty.', 'field-error'],
    ['NOSUCHCODE', 'Chat-koodi ei ole kelvollinen.', 'field-error'],
  ] as const;
  for (const [code, text, style] of cases) {
    await field.fill(code);
    await submit.click();
    const message = page.getByRole('alert');
    await expect(message).toHaveText(text);
    await expect(message).toHaveClass(style);
    await expect(field).toHaveAccessibleDescription(text);
    await expectAccessible(page);
  }

  // The chat-code services are listed behind a disclosure; the info button opens the chat-codes welcome variant.
  await page.getByText('Chat-koodia vaativat palvelut').click();
  await expect(page.getByText('Fysioterapeutti', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Mikä on chat-koodi?' }).click();
  await expect(page).toHaveURL(/\/profile\/welcome\?from=chatCodes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tietoa chat-koodeista' })).toBeVisible();
  await expect(page.getByText('Chat-koodin saat ammattilaiselta', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Takaisin palveluiden valintaan' }).click();

  // A valid code opens its service's chat: the code is used as the chat starts, and the patient waits in the queue.
  await page.getByRole('textbox', { name: 'Chat-koodi' }).fill('PHYSIO2026');
  await page.getByRole('button', { name: 'Käytä koodia' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?channel=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fysioterapeutti' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  await expectAccessible(page);
  // Leaving the queue (asked first) goes back to service selection.
  await page.getByRole('button', { name: 'Poistu jonosta' }).click();
  await page.getByRole('dialog', { name: 'Poistutaanko jonosta?' }).getByRole('button', { name: 'Poistu jonosta' }).click();
  await expect(page).toHaveURL(/\/services$/);
});
