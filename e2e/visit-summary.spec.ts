import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { freshSsn, onboard, signInAsNewPerson, uniqueFamilyName } from './patient-steps';

const DEMO_EXPERT = 'expert@espoo.example';
const DEMO_EXPERT_NAME = 'Eeva Asiantuntija';
const NURSE_SERVICE = 'Sairaanhoitajan chat';

/** A patient new to this run, onboarded, waiting in the nurse's queue (the optional self-assessment skipped). */
async function queuedPatient(browser: Browser, given: string, family: string, ssn: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewPerson(page, given, family, ssn);
  await onboard(page, { email: uniqueEmail(given.toLowerCase()), dontShowWelcome: true });
  await page.goto('/services');
  await page.getByRole('link', { name: new RegExp(`^Aloita\\s*: ${NURSE_SERVICE}$`) }).click();
  await page.getByRole('button', { name: 'Ohita oirekysely ja jatka chattiin' }).click();
  await expect(page.getByRole('heading', { name: 'Olet jonossa' })).toBeVisible();
  return page;
}

/** Writes a message in the chat's composer and sends it with Enter. */
async function say(page: Page, scope: Page | Locator, text: string): Promise<void> {
  const box = scope.getByRole('textbox', { name: 'Viesti' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The text of a downloaded PDF, read back with pdftotext (poppler-utils). */
async function pdfText(download: Download): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'prsp-visit-'));
  try {
    const file = join(dir, 'summary.pdf');
    await download.saveAs(file);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the nurse writes a private note during a chat, ends it, downloads the visit summary PDF and copies it as text', async ({
  browser,
}) => {
  // Two people's visit with an accessibility check at each step: longer than the default minute on two cores.
  test.setTimeout(120_000);
  const family = uniqueFamilyName('Yhteenveto');
  const patientName = `Outi ${family}`;
  const ssn = freshSsn();
  const patient = await queuedPatient(browser, 'Outi', family, ssn);

  // The nurse takes her from the queue by name.
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const nurse = await context.newPage();
  await staffSignIn(nurse, 'expert', DEMO_EXPERT);
  const queues = nurse.getByRole('region', { name: 'Jonot' });
  await queues.getByRole('button', { name: new RegExp(`^Ota vastaan\\s*: ${patientName}$`) }).click();
  const workspace = nurse.getByRole('region', { name: 'Chatit' });
  const chat = workspace.getByRole('article', { name: patientName });
  await expect(chat.getByRole('heading', { level: 3, name: patientName })).toBeVisible();

  // They talk.
  await say(patient, patient, 'Minulla on ollut kurkkukipua kolme päivää.');
  await expect(chat.getByRole('log', { name: 'Viestit' }).getByText('Minulla on ollut kurkkukipua kolme päivää.')).toBeVisible();
  await say(nurse, chat, 'Onko sinulla kuumetta?');
  await expect(patient.getByRole('log', { name: 'Viestit' }).getByText('Onko sinulla kuumetta?')).toBeVisible();

  // During the visit she writes her own note beside the chat and saves it.
  const notes = chat.getByRole('region', { name: 'Oma muistiinpano' });
  const note = notes.getByRole('textbox', { name: 'Muistiinpano käynnistä' });
  await expect(note).toHaveValue('');
  await note.fill('Kurkkukipu 3 vrk, ei kuumetta. Soitto perjantaina.');
  await notes.getByRole('button', { name: 'Tallenna muistiinpano' }).click();
  await expect(notes.getByRole('status')).toHaveText('Muistiinpano tallennettu.');
  await expectAccessible(nurse);

  // She ends the chat; the note and the summary stay with it on the desk.
  await chat.getByRole('button', { name: 'Lopeta chat' }).click();
  await nurse.getByRole('dialog', { name: 'Lopetetaanko chat?' }).getByRole('button', { name: 'Lopeta chat' }).click();
  await expect(workspace.getByRole('heading', { level: 4, name: 'Palaute keskustelusta' })).toBeFocused();
  const summary = chat.getByRole('region', { name: 'Käyntiyhteenveto' });
  await expect(summary).toBeVisible();
  await expect(note).toHaveValue('Kurkkukipu 3 vrk, ei kuumetta. Soitto perjantaina.');
  await expectAccessible(nurse);

  // The PDF: the patient (code masked), the service, the nurse, the conversation and her note.
  const download = nurse.waitForEvent('download');
  await summary.getByRole('link', { name: 'Lataa PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^visit-summary-[0-9a-f-]{36}\.pdf$/);
  const text = await pdfText(pdf);
  for (const words of [
    'Käyntiyhteenveto',
    patientName,
    `${ssn.slice(0, 7)}****`,
    NURSE_SERVICE,
    DEMO_EXPERT_NAME,
    'Minulla on ollut kurkkukipua kolme päivää.',
    'Onko sinulla kuumetta?',
    'Kurkkukipu 3 vrk, ei kuumetta. Soitto perjantaina.',
  ])
    expect(text).toContain(words);
  expect(text).not.toContain(ssn);

  // With the box ticked, the full identity code is in it.
  await summary.getByRole('checkbox', { name: /Sisällytä koko henkilötunnus/ }).check();
  const full = nurse.waitForEvent('download');
  await summary.getByRole('link', { name: 'Lataa PDF' }).click();
  expect(await pdfText(await full)).toContain(ssn);

  // Copy as text: the same summary on the clipboard, and the status says so.
  await summary.getByRole('button', { name: 'Kopioi tekstinä' }).click();
  await expect(summary.getByRole('status')).toHaveText('Yhteenveto kopioitu leikepöydälle.');
  const copied = await nurse.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Potilas: ${patientName}`);
  expect(copied).toContain(`Henkilötunnus: ${ssn}`);
  expect(copied).toContain('Kurkkukipu 3 vrk, ei kuumetta. Soitto perjantaina.');
  await expectAccessible(nurse);

  // The patient's side never shows the note.
  await expect(patient.getByText('Soitto perjantaina')).toHaveCount(0);

  // Later, from her contact history: the visit opened in place shows her note and the summary again.
  await nurse.goto(`/expert/appointmentHistory?patient=${encodeURIComponent(family)}`);
  const walkIns = nurse.getByRole('region', { name: 'Chatit ilman ajanvarausta' });
  await walkIns.getByRole('button', { name: new RegExp(`: ${patientName}$`) }).click();
  const past = walkIns.getByRole('region', { name: 'Oma muistiinpano' });
  await expect(past.getByRole('textbox', { name: 'Muistiinpano käynnistä' })).toHaveValue(
    'Kurkkukipu 3 vrk, ei kuumetta. Soitto perjantaina.',
  );
  await expect(walkIns.getByRole('region', { name: 'Käyntiyhteenveto' }).getByRole('link', { name: 'Lataa PDF' })).toBeVisible();
  await expectAccessible(nurse);
});
