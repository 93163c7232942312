import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { PHONE } from './phone';
import { onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';

const DEMO_EXPERT = 'expert@espoo.example';
const NURSE_SERVICE = 'Sairaanhoitajan chat';

/** A patient new to this run, onboarded, on service selection. */
async function newPatient(browser: Browser, given: string, family: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewPerson(page, given, family);
  await onboard(page, { email: uniqueEmail(given.toLowerCase()), dontShowWelcome: true });
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Etävastaanotto' })).toBeVisible();
  return page;
}

test('an admin adds an organisation quick reply; the tab title counts the waiting patient; the expert inserts the reply with /shortcut and sends it; the patient sees it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shortcut = `tervetuloa-${Date.now().toString(36)}`;
  const replyText = 'Tervetuloa etävastaanotolle! Kerro lyhyesti, miten voin auttaa.';

  // The admin adds the organisation's reply.
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  await openFromMenu(admin, 'Pikavastaukset');
  await expect(admin.getByRole('heading', { level: 1, name: 'Pikavastaukset' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Lisää pikavastaus' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Uusi pikavastaus' });
  await expect(dialog).toBeVisible();
  // A shortcut in capitals is refused with the field's message.
  await dialog.getByLabel('Pikakomento').fill('Iso Kirjain');
  await dialog.getByLabel('Nimi').fill('Tervehdys');
  await dialog.getByLabel('Teksti suomeksi').fill(replyText);
  await dialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(dialog.getByText('Käytä vain pieniä kirjaimia a–z, numeroita ja yhdysmerkkiä.')).toBeVisible();
  await expectAccessible(admin);
  await dialog.getByLabel('Pikakomento').fill(shortcut);
  await dialog.getByLabel('Teksti englanniksi').fill('Welcome! Tell me briefly how I can help.');
  await dialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(dialog).toBeHidden();
  const row = admin.getByRole('row').filter({ hasText: `/${shortcut}` });
  await expect(row).toContainText('Tervehdys');
  await expect(row).toContainText('suomi, englanti');

  // The expert's desk, on a phone (360 px), is open before anyone waits: the title has no count.
  const expert = await (await browser.newContext({ viewport: PHONE })).newPage();
  await staffSignIn(expert, 'expert', DEMO_EXPERT);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);
  await expect(expert).toHaveTitle(/^Työpöytä – /);

  // The sounds and notifications panel: a labelled checkbox and volume, kept on this device.
  await expert.getByRole('button', { name: 'Äänet ja ilmoitukset' }).click();
  const alerts = expert.getByRole('region', { name: 'Äänet ja ilmoitukset' });
  await expect(alerts.getByRole('button', { name: 'Salli selaimen ilmoitukset' })).toBeVisible();
  await expectAccessible(expert);
  await alerts.getByLabel('Äänimerkin voimakkuus').fill('40');
  await expect(alerts.getByText('40 %')).toBeVisible();
  await alerts.getByRole('button', { name: 'Sulje' }).click();
  await expect(alerts).toBeHidden();

  // The expert is on another page of the app (her own quick replies), not the desk.
  await openFromMenu(expert, 'Omat pikavastaukset');
  await expect(expert.getByRole('heading', { level: 1, name: 'Omat pikavastaukset' })).toBeVisible();
  await expect(expert).toHaveTitle(/^Omat pikavastaukset – /);

  // A patient queues in the nurse's chat: the expert's tab title counts her there too, and on the desk.
  const patientName = `Pirkko ${uniqueFamilyName('Pikavastaus')}`;
  const patient = await newPatient(browser, 'Pirkko', patientName.slice('Pirkko '.length));
  await patient.getByRole('link', { name: new RegExp(`^Aloita\\s*: ${NURSE_SERVICE}$`) }).click();
  await patient.getByRole('button', { name: 'Ohita oirekysely ja jatka chattiin' }).click();
  await expect(patient.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  await expect(expert).toHaveTitle(/^\(1\) Omat pikavastaukset – /);
  await openFromMenu(expert, 'Työpöytä');
  await expect(expert).toHaveTitle(/^\(1\) Työpöytä – /);

  // The expert takes her; nobody waits any more.
  const queues = expert.getByRole('region', { name: 'Jonot' });
  await queues.getByRole('button', { name: new RegExp(`^Ota vastaan\\s*: ${patientName}$`) }).click();
  const workspace = expert.getByRole('region', { name: 'Chatit' });
  const box = workspace.getByRole('textbox', { name: 'Viesti' });
  // Her chat's message box takes the focus as soon as it can be written in: the expert types at once, with no
  // click, and nothing typed goes to the chat shown before or is lost.
  await expect(workspace.getByRole('heading', { level: 3, name: patientName })).toBeVisible();
  await expect(box).toBeFocused();
  await expert.keyboard.type(`/${shortcut.slice(0, 12)}`);
  await expect(box).toHaveValue(`/${shortcut.slice(0, 12)}`);
  await expect(expert).toHaveTitle(/^Työpöytä – /);

  // '/' and the start of the shortcut offer the reply; Enter puts it in the composer, a second Enter sends it.
  const list = workspace.getByRole('listbox', { name: 'Pikavastaukset' });
  const option = list.getByRole('option', { name: new RegExp(`/${shortcut} Tervehdys`) });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await expectAccessible(expert);
  await box.press('Enter');
  await expect(box).toHaveValue(replyText);
  await expect(list).toBeHidden();
  await box.press('Enter');
  await expect(box).toHaveValue('');

  await expect(patient.getByRole('log', { name: 'Viestit' }).getByText(replyText)).toBeVisible();
  await expectAccessible(patient);
});
