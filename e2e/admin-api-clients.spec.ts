import { expect, test } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

// The copy buttons write to the clipboard; the journey reads it back to check what was copied.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an admin creates a FHIR API client with the scopes it needs, keeps the secret shown once, the integration reads what it was granted, and revoking shuts it out', async ({
  page,
  request,
}, testInfo) => {
  const name = `Potilastietojärjestelmä ${Date.now()}`;
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  await openFromMenu(page, 'API-asiakkaat');
  await expect(page.getByRole('heading', { level: 1, name: 'API-asiakkaat' })).toBeVisible();
  await expect(page.getByText('viimeisin tunnistepyyntö')).toBeVisible();
  await expectAccessible(page);

  // The create dialog: an empty name is refused under its field.
  await page.getByRole('button', { name: 'Luo asiakas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Luo API-asiakas' });
  await dialog.getByRole('button', { name: 'Luo', exact: true }).click();
  await expect(dialog.getByLabel('Nimi')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await dialog.getByLabel('Nimi').fill(name);

  // What it may read: the six former types ticked, secure messages (with their text, the hint says) and visits not.
  const scope = (words: string) => dialog.getByRole('checkbox', { name: words });
  for (const words of ['Ajanvaraukset', 'Vapaat ajat', 'Asiantuntijoiden kalenterit', 'Asiantuntijat', 'Potilaat', 'Kyselyvastaukset']) {
    await expect(scope(words)).toBeChecked();
  }
  await expect(scope('Suojatut viestit')).not.toBeChecked();
  await expect(scope('Chat- ja videokäynnit')).not.toBeChecked();
  await expect(dialog.getByText('Sisältää potilaiden ja ammattilaisten välisten suojattujen viestien tekstin')).toBeVisible();
  // This system needs no patients.
  await scope('Potilaat').uncheck();
  await dialog.getByRole('button', { name: 'Luo', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The client id and the secret, shown this once, with the warning.
  const secretDialog = page.getByRole('dialog', { name: 'Asiakas luotu: kopioi salaisuus nyt' });
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog.getByText('Salaisuus näytetään vain tämän kerran.', { exact: false })).toBeVisible();
  const clientId = await secretDialog.getByLabel('Asiakastunnus (client_id)').inputValue();
  const clientSecret = await secretDialog.getByLabel('Asiakkaan salaisuus (client_secret)').inputValue();
  expect(clientId).toMatch(/^prsp-/);
  expect(clientSecret.length).toBeGreaterThanOrEqual(40);
  await secretDialog.getByRole('button', { name: 'Kopioi salaisuus' }).click();
  await expect(secretDialog.getByRole('status')).toHaveText('Salaisuus kopioitu');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientSecret);
  await expectAccessible(page);
  await secretDialog.getByRole('button', { name: 'Olen tallentanut salaisuuden' }).click();
  await expect(secretDialog).toBeHidden();
  await expect(page.getByText(clientSecret)).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(clientId);
  await expect(row).toContainText('Ei koskaan');
  await expect(row).toContainText('Käytössä');
  await expect(row).toContainText('Ajanvaraukset');
  await expect(row).not.toContainText('Potilaat');

  // The integration: a token by client credentials, then a search.
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const tokenAnswer = await request.post('/fhir/oauth2/token', {
    headers: { authorization: basic },
    form: { grant_type: 'client_credentials' },
  });
  expect(tokenAnswer.status()).toBe(200);
  const granted = (await tokenAnswer.json()) as { access_token: string; scope: string };
  expect(granted.scope.split(' ')).toContain('system/Practitioner.read');
  expect(granted.scope.split(' ')).not.toContain('system/Patient.read');
  const token = granted.access_token;
  const read = () => request.get('/fhir/R4/Practitioner', { headers: { authorization: `Bearer ${token}` } });
  const bundle = await read();
  expect(bundle.status()).toBe(200);
  expect(await bundle.json()).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
  // Patients were not granted: refused, naming the scope.
  const patients = await request.get('/fhir/R4/Patient', { headers: { authorization: `Bearer ${token}` } });
  expect(patients.status()).toBe(403);
  expect(JSON.stringify(await patients.json())).toContain('system/Patient.read');

  // The list now tells when it last asked for a token.
  await page.reload();
  await expect(row).not.toContainText('Ei koskaan');

  // 360 px: nothing scrolls sideways, the revoke button stays in reach.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('api-clients-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('api-clients-1280.png'), fullPage: true });

  // Revoke, confirmed: the row says so and has no revoke button left.
  await row.getByRole('button', { name: `Mitätöi asiakas ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Mitätöidäänkö API-asiakas?' });
  await expect(confirm).toContainText(name);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Mitätöi', exact: true }).click();
  await expect(page.getByText('Asiakas mitätöity')).toBeVisible();
  await expect(row).toContainText('Mitätöity');
  await expect(row.getByRole('button', { name: `Mitätöi asiakas ${name}` })).toHaveCount(0);

  // The token it holds is refused at once, and it gets no new one.
  expect((await read()).status()).toBe(401);
  const again = await request.post('/fhir/oauth2/token', { headers: { authorization: basic }, form: { grant_type: 'client_credentials' } });
  expect(again.status()).toBe(401);
});
