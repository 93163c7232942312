import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, staffSignIn } from './admin-fixtures';
import { adminCall } from './booking-steps';
import { expectAccessible } from './fixtures';
import { onboard, signInAsNewPerson } from './patient-steps';

type Names = { fi: string; se: string; en: string };
type Subcategory = { id: string; name: Names; openAccess: boolean; isDisabled: boolean };
type Category = { id: string; name: Names; openAccess: boolean; isDisabled: boolean; subcategories?: Subcategory[] };

// The demo seed of espoo-demo (apps/server/src/db/seed/messaging-demo-seed.ts).
const OPEN = { category: 'Terveysneuvonta', subcategory: 'Rokotukset' };
const RESTRICTED = { category: 'Fysioterapian jatkohoito', subcategory: 'Kotiharjoitteet' };
const DEMO_EXPERT = 'expert@espoo.example';

/** A multipart send from a signed-in staff page, as the web app's apiForm does (session cookie, CSRF double submit). */
async function formCall(page: Page, path: string, fields: Record<string, string>): Promise<{ statusCode: number }> {
  return page.evaluate(
    async ({ path, fields }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('prsp_csrf=') || c.startsWith('__Host-prsp_csrf='))
        ?.split('=')[1];
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const res = await fetch(path, {
        method: 'POST',
        headers: { accept: 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) },
        body: form,
      });
      return (await res.json()) as { statusCode: number };
    },
    { path, fields },
  );
}

/** The restricted subcategory of the demo seed, made through the admin API when the seed has not made it. */
async function restrictedSubcategory(admin: Page): Promise<string> {
  const list = await adminCall<Category[]>(admin, '/api/admin/async-messaging/categories?includeSubcategories=true');
  expect(list.statusCode).toBe(200);
  const open = list.data.find((c) => c.name.fi === OPEN.category);
  expect(open?.subcategories?.some((s) => s.name.fi === OPEN.subcategory && s.openAccess)).toBe(true);
  const found = list.data.find((c) => c.name.fi === RESTRICTED.category)?.subcategories?.find((s) => s.name.fi === RESTRICTED.subcategory);
  if (found) return found.id;
  const names = (fi: string) => ({ fi, se: fi, en: fi });
  const category = await adminCall<Category>(admin, '/api/admin/async-messaging/categories/create', {
    name: names(RESTRICTED.category),
    openAccess: false,
  });
  expect(category.statusCode).toBe(200);
  const sub = await adminCall<Subcategory>(admin, `/api/admin/async-messaging/subcategories/${category.data.id}/create`, {
    name: names(RESTRICTED.subcategory),
    openAccess: false,
    isDisabled: false,
    addedExperts: [],
  });
  expect(sub.statusCode).toBe(200);
  return sub.data.id;
}

test('a patient writes to an open subcategory, writes with a message code, and replies in a direct conversation', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);

  // An organisation admin makes a message code group for the restricted subcategory and reads one of its codes.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const subcategoryId = await restrictedSubcategory(admin);
  const group = await adminCall<{ id: string }>(admin, '/api/admin/message-codes/create', {
    name: `E2E viestikoodit ${Date.now()}`,
    subcategoryId,
    totalCodes: 2,
    usesPerCode: 1,
    expiryPreset: 'oneYearFromNow',
  });
  expect(group.statusCode).toBe(200);
  const codes = async () =>
    (await adminCall<{ code: string; useCount: number }[]>(admin, `/api/admin/message-codes/${group.data.id}/codes`)).data;
  const code = (await codes())[0]!.code;

  // A patient new to this run opens Messages from the landing's tile: the front page, 'Message us', no conversations.
  const ssn = await signInAsNewPerson(page, 'Viestijä', 'Testinen');
  await onboard(page, { email: 'viestija.testinen@example.fi', dontShowWelcome: true });
  await page
    .getByRole('navigation', { name: 'Palvelut' })
    .getByRole('link', { name: /Viestit/ })
    .click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Viestit' })).toBeVisible();
  await expect(page.getByText('Sinulla ei ole vielä viestejä.')).toBeVisible();
  await expect(page).toHaveTitle(/^Viestit – /);
  await expectAccessible(page);

  // New message: the options, then 'Send a message'.
  await page.getByRole('link', { name: 'Lähetä meille viesti' }).click();
  await expect(page).toHaveURL(/\/messages\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi viesti' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /Lähetä viesti/ }).click();
  await expect(page).toHaveURL(/\/messages\/new\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lähetä viesti' })).toBeVisible();

  // Spec §5: each field says what is missing; the subcategory waits for a category; no attachments here.
  const subcategory = page.getByLabel('Alakategoria');
  await expect(subcategory).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Lisää liite' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Lähetä viesti' }).click();
  await expect(page.getByText('Valitse kategoria valikosta')).toBeVisible();
  await expect(page.getByText('Valitse alakategoria valikosta')).toBeVisible();
  await expect(page.getByText('Kirjoita viesti', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Kategoria', { exact: true }).selectOption({ label: OPEN.category });
  // The demo's category promises when an answer comes (issue 29): shown on choosing it and again once sent.
  await expect(page.getByText('Vastaamme 3 arkipäivän kuluessa.')).toBeVisible();
  await expect(subcategory).toBeEnabled();
  await subcategory.selectOption({ label: OPEN.subcategory });
  await page.getByLabel('Viesti', { exact: true }).fill('<b>Hei!</b> Milloin saan seuraavan rokotteen?');
  await expect(page.getByText('45 / 2000 merkkiä')).toBeVisible();
  await page.getByRole('button', { name: 'Lähetä viesti' }).click();
  await expect(page.getByRole('status').getByText('Viestisi lähetettiin.').first()).toBeVisible();
  await expect(page.getByRole('status').getByText('Vastaamme 3 arkipäivän kuluessa.')).toBeVisible();
  await expect(page.getByLabel('Viesti', { exact: true })).toHaveValue('');

  // The list has it, titled by category and subcategory; the view shows the thread without the tags, Reply disabled.
  await page.getByRole('link', { name: 'Takaisin valintoihin' }).click();
  await page.getByRole('link', { name: 'Takaisin viesteihin' }).click();
  const item = page.getByRole('link', { name: new RegExp(`${OPEN.category} / ${OPEN.subcategory}`) });
  await expect(item).toBeVisible();
  await expectAccessible(page);
  await item.click();
  await expect(page).toHaveURL(/\/messages\/subcategory\/[\w-]+\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `${OPEN.category} / ${OPEN.subcategory}` })).toBeVisible();
  const thread = page.getByRole('region', { name: 'Keskustelun viestit' });
  await expect(thread.getByText('Hei! Milloin saan seuraavan rokotteen?')).toBeVisible();
  await expect(thread.getByText('Sinä')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vastaa' })).toBeDisabled();
  await expect(page.getByText(/Aiheelle lähettämääsi viestiin ei voi vastata/)).toBeVisible();
  await expectAccessible(page);

  // A message code: submit disabled while empty; a wrong code is refused; the right one fills the fields read-only.
  await page.getByRole('link', { name: 'Takaisin viesteihin' }).click();
  await page.getByRole('link', { name: 'Lähetä meille viesti' }).click();
  await page.getByRole('link', { name: /Käytä viestikoodia/ }).click();
  await expect(page).toHaveURL(/\/messages\/new\/code$/);
  const submit = page.getByRole('button', { name: 'Käytä koodia' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Viestikoodi').fill('EI-OLE-KOODI');
  await submit.click();
  await expect(page.getByText('Viestikoodi ei ole voimassa.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Viestikoodi').fill(code);
  await submit.click();
  await expect(page).toHaveURL(/\/messages\/new\/create$/);
  await expect(page.getByText(`Koodi ${code} lisätty`)).toBeVisible();
  await expect(page.getByLabel('Kategoria', { exact: true })).toHaveValue(RESTRICTED.category);
  await expect(page.getByLabel('Kategoria', { exact: true })).not.toBeEditable();
  await expect(page.getByLabel('Alakategoria')).toHaveValue(RESTRICTED.subcategory);
  await expect(page.getByLabel('Alakategoria')).not.toBeEditable();
  await expectAccessible(page);

  // The code is used only by the successful send.
  expect((await codes()).find((c) => c.code === code)?.useCount).toBe(0);
  await page.getByLabel('Viesti', { exact: true }).fill('Kotiharjoitteista kysyisin.');
  await page.getByRole('button', { name: 'Lähetä viesti' }).click();
  await expect(page.getByRole('status').getByText('Viestisi lähetettiin.').first()).toBeVisible();
  await expect.poll(async () => (await codes()).find((c) => c.code === code)?.useCount).toBe(1);
  await expect(page.getByLabel('Kategoria', { exact: true })).toBeEditable();

  await page.goto('/messages');
  await expect(page.getByRole('link', { name: new RegExp(`${RESTRICTED.category} / ${RESTRICTED.subcategory}`) })).toBeVisible();
  await adminContext.close();

  // The demo nurse starts a direct conversation with the patient: it appears in the list (refreshed every 5 s).
  const expertContext = await browser.newContext();
  const expert = await expertContext.newPage();
  await staffSignIn(expert, 'expert', DEMO_EXPERT);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);
  const started = await formCall(expert, '/api/expert/async-messaging/create-conversation', {
    ssn,
    name: 'Viestijä Testinen',
    email: 'viestija.testinen@example.fi',
    mobile: '+358401234567',
    subject: 'Laboratoriotulokset',
    text: 'Hei, tulokset ovat valmiit. Kysy, jos jokin askarruttaa.',
  });
  expect(started.statusCode).toBe(200);
  await expertContext.close();
  const direct = page.getByRole('link', { name: /Laboratoriotulokset/ });
  await expect(direct).toContainText('1 uusi viesti', { timeout: 15_000 });
  await direct.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Laboratoriotulokset' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Olet saanut vastauksen.');
  await expectAccessible(page);

  // Spec §4: Reply opens the composer, Discard closes it; a reply with an attachment is appended at once.
  const reply = page.getByRole('button', { name: 'Vastaa' });
  await reply.click();
  const composer = page.getByLabel('Vastauksesi');
  await expect(composer).toBeFocused();
  await expect(page.getByRole('button', { name: 'Lähetä', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Hylkää' }).click();
  await expect(composer).toHaveCount(0);
  await reply.click();
  await composer.fill('Kiitos, katson ne.');
  await page.locator('input[type=file]').setInputFiles([
    { name: 'kuva.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
    { name: 'lausunto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  await expect(page.getByText('kuva.gif: liitteeksi voi lisätä vain PDF-, JPG-, JPEG- ja PNG-tiedostoja.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Liitteet' })).toContainText('lausunto.pdf');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Lähetä', exact: true }).click();
  await expect(thread.getByText('Kiitos, katson ne.')).toBeVisible();
  const file = thread.getByRole('link', { name: /Avaa liite lausunto\.pdf/ });
  await expect(file).toHaveAttribute('target', '_blank');
  await expect(file).toHaveAttribute('href', /^\/api\/patient\/async-messaging\/[\w-]+\/attachment$/);
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(reply).toBeEnabled();
});
