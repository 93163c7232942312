import { expect, test, type Page } from '@playwright/test';
import { staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible, tinyPdf } from './fixtures';
import { freshSsn, onboard, signInAsNewPerson } from './patient-steps';

const DEMO_EXPERT = 'expert@espoo.example';
/** The demo seed's message code, for its restricted subcategory (printed at start). */
const DEMO_MESSAGE_CODE = 'VIESTI2026';

/** Letters no earlier run used (runs may share a database), so the lists' filters find exactly this conversation. */
function uniqueWord(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** The expert's list filtered by subject, which finds this run's conversation alone. */
async function filterBySubject(page: Page, subject: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Aihe' }).fill(subject);
  await page.getByRole('button', { name: 'Hae', exact: true }).click();
}

test('an expert writes to a new patient by identity code with a PDF, the patient replies, the expert reads, ends and reopens the conversation', async ({
  browser,
}) => {
  // Two people sign in and the patient is onboarded, with an axe check on every screen: a long journey.
  test.setTimeout(180_000);
  const word = uniqueWord();
  const subject = `Laboratoriotulokset ${word}`;
  const ssn = freshSsn();
  const family = `Viestinen-${word}`;
  const email = uniqueEmail('viesti');

  // The expert starts the conversation from the new-message page.
  const expert = await (await browser.newContext()).newPage();
  await staffSignIn(expert, 'expert', DEMO_EXPERT);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);
  await expert.getByRole('banner').locator('summary', { hasText: 'Valikko' }).click();
  await expert.getByRole('banner').getByRole('link', { name: 'Uusi viesti', exact: true }).click();
  await expect(expert.getByRole('heading', { level: 1, name: 'Uusi viesti' })).toBeVisible();
  await expectAccessible(expert);

  // Every rule is checked before sending: the errors stand under their fields.
  const form = expert.getByRole('form', { name: 'Uusi viesti' });
  await form.getByRole('button', { name: 'Lähetä', exact: true }).click();
  await expect(form.getByLabel('Henkilötunnus')).toBeFocused();
  await expect(form.getByText('Kirjoita viesti.')).toBeVisible();
  await form.getByLabel('Henkilötunnus').fill('131052-308A');
  await form.getByRole('button', { name: 'Lähetä', exact: true }).click();
  await expect(form.getByText('Henkilötunnus ei ole kelvollinen.')).toBeVisible();
  await expectAccessible(expert);

  await form.getByLabel('Henkilötunnus').fill(ssn);
  await form.getByLabel('Nimi', { exact: true }).fill(`Ville ${family}`);
  await form.getByLabel('Sähköposti', { exact: true }).fill(email);
  await form.getByLabel('Matkapuhelinnumero').fill('+358401234567');
  await form.getByLabel('Ilmoita potilaalle uusista viesteistä myös tekstiviestillä').check();
  await form.getByLabel('Aihe').fill(subject);
  await form.getByLabel('Viesti', { exact: true }).fill('Tuloksesi ovat valmiit. Katso liite.');
  await form.getByLabel('Liite (valinnainen)').setInputFiles({ name: 'tulokset.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await form.getByRole('button', { name: 'Lähetä', exact: true }).click();
  await expect(form.getByText(`Viesti lähetettiin: Ville ${family}.`)).toBeVisible();
  await expect(form.getByLabel('Aihe')).toHaveValue('');

  // The patient signs in for the first time with that identity code, finds the conversation and replies.
  const patient = await (await browser.newContext()).newPage();
  await signInAsNewPerson(patient, 'Ville', family, ssn);
  await onboard(patient, { email, dontShowWelcome: true });
  await patient.goto('/messages');
  await expect(patient.getByRole('heading', { level: 1, name: 'Viestit' })).toBeVisible();
  await patient.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(patient.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(patient.getByRole('link', { name: /Avaa liite tulokset\.pdf/ })).toBeVisible();
  await patient.getByRole('button', { name: 'Vastaa', exact: true }).click();
  await patient.getByLabel('Vastauksesi').fill(`Kiitos, luin tulokset ${word}.`);
  await patient.getByRole('button', { name: 'Lähetä', exact: true }).click();
  await expect(patient.getByText(`Kiitos, luin tulokset ${word}.`)).toBeVisible();

  // The expert sees the unread reply in the open conversations, opens it, and it is read.
  await expert.goto('/expert/messages/patients');
  await expect(expert.getByRole('heading', { level: 1, name: 'Avoimet keskustelut' })).toBeVisible();
  await filterBySubject(expert, word);
  const row = expert.getByRole('row', { name: new RegExp(subject) });
  await expect(row.getByText('1 lukematon')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('Sisältää liitteitä')).toBeAttached();
  await expectAccessible(expert);
  await row.getByRole('link', { name: subject }).click();
  await expect(expert.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(expert.getByText(`Kiitos, luin tulokset ${word}.`)).toBeVisible();
  await expect(expert.getByRole('link', { name: /Avaa liite tulokset\.pdf/ })).toBeVisible();
  await expectAccessible(expert);

  // Ending asks first; the ended conversation is found under the ended ones and can be reopened.
  await expert.getByRole('button', { name: 'Päätä keskustelu' }).click();
  const confirm = expert.getByRole('dialog', { name: 'Päätetäänkö keskustelu?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(expert);
  await confirm.getByRole('button', { name: 'Päätä', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(expert.getByText('Keskustelu päätettiin.')).toBeVisible();
  await expect(expert.getByRole('button', { name: 'Avaa keskustelu uudelleen' })).toBeVisible();

  await expert.goto('/expert/messages/patientsEnded');
  await expect(expert.getByRole('heading', { level: 1, name: 'Päättyneet keskustelut' })).toBeVisible();
  await filterBySubject(expert, word);
  await expectAccessible(expert);
  await expert
    .getByRole('row', { name: new RegExp(subject) })
    .getByRole('link', { name: subject })
    .click();
  await expect(expert.getByText('Päättynyt', { exact: true })).toBeVisible();
  await expert.getByRole('button', { name: 'Avaa keskustelu uudelleen' }).click();
  await expect(expert.getByText('Keskustelu avattiin uudelleen.')).toBeVisible();
  await expect(expert.getByText('Avoin', { exact: true })).toBeVisible();
  await expect(expert.getByRole('button', { name: 'Päätä keskustelu' })).toBeVisible();

  // Back in the open conversations, read now.
  await expert.goto(`/expert/messages/patients?subject=${encodeURIComponent(word)}`);
  await expect(expert.getByRole('row', { name: new RegExp(subject) }).getByText('0', { exact: true })).toBeVisible();
});

test('a patient writes with a message code; the assigned expert answers from the inbox with a PDF; the patient reads and downloads it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const family = `Pyytäjä-${uniqueWord()}`;
  const expert = await (await browser.newContext()).newPage();
  await staffSignIn(expert, 'expert', DEMO_EXPERT);
  await expect(expert).toHaveURL(/\/expert\/desktop$/);

  // The patient writes to the restricted subcategory the demo's message code opens (its expert is the demo
  // expert); the new-message form itself is the patient journey's (patient-messaging.spec.ts).
  const patient = await (await browser.newContext()).newPage();
  await signInAsNewPerson(patient, 'Pirjo', family);
  await onboard(patient, { email: uniqueEmail('pyynto'), dontShowWelcome: true });
  const sent = await patient.evaluate(
    async ({ code, text }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('prsp_csrf=') || c.startsWith('__Host-prsp_csrf='))
        ?.split('=')[1];
      const headers = csrf ? { 'x-csrf-token': csrf } : undefined;
      const validated = await fetch(`/api/patient/async-messaging/message-code/validate/${code}`, { method: 'POST', headers });
      const target = ((await validated.json()) as { data: { category: { id: string }; subcategory: { id: string } } }).data;
      const form = new FormData();
      form.append('text', text);
      form.append('categoryId', target.category.id);
      form.append('subcategoryId', target.subcategory.id);
      form.append('messageCode', code);
      const res = await fetch('/api/patient/async-messaging/request-conversation', { method: 'POST', headers, body: form });
      return ((await res.json()) as { statusCode: number }).statusCode;
    },
    { code: DEMO_MESSAGE_CODE, text: `Tarvitsen kotiharjoitteita, ${family}.` },
  );
  expect(sent).toBe(200);

  // The request waits in the inbox of the subcategory's experts; the first answer, with a PDF, takes it.
  await expert.goto('/expert/messages/inbox');
  await expect(expert.getByRole('heading', { level: 1, name: 'Saapuneet pyynnöt' })).toBeVisible();
  const row = expert.getByRole('row', { name: new RegExp(`Pirjo ${family}`) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expectAccessible(expert);
  await row.getByRole('link').first().click();
  await expect(expert.getByText(`Tarvitsen kotiharjoitteita, ${family}.`)).toBeVisible();
  await expect(expert.getByText('Ei vielä vastattu')).toBeVisible();
  await expert.getByRole('button', { name: 'Vastaa', exact: true }).click();
  await expert.getByLabel('Viestisi').fill('Hei, tässä ohjeet liitteenä.');
  await expert.locator('input[type=file]').setInputFiles({ name: 'ohjeet.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await expectAccessible(expert);
  await expert.getByRole('button', { name: 'Lähetä', exact: true }).click();
  await expect(expert).toHaveURL(/\/expert\/messages\/patients\?id=/);
  await expect(expert.getByText('Hei, tässä ohjeet liitteenä.')).toBeVisible();
  await expect(expert.getByRole('link', { name: /Avaa liite ohjeet\.pdf/ })).toBeVisible();
  // The expert who answered is now the conversation's expert.
  await expect(expert.getByRole('definition').filter({ hasText: 'Eeva Asiantuntija' })).toBeVisible();

  // The patient finds the answer, reads it, and the attachment downloads through the access check.
  await patient.goto('/messages');
  await patient
    .getByRole('link', { name: /Kotiharjoitteet/ })
    .first()
    .click();
  await expect(patient.getByText('Hei, tässä ohjeet liitteenä.')).toBeVisible();
  await expect(patient.getByRole('note')).toContainText('Olet saanut vastauksen.');
  await expectAccessible(patient);
  const link = patient.getByRole('link', { name: /Avaa liite ohjeet\.pdf/ });
  const download = await patient.request.get((await link.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment;.*ohjeet\.pdf/);
  expect(download.headers()['x-content-type-options']).toBe('nosniff');
  expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
