import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, openFromMenu, staffSignIn } from './admin-fixtures';
import { expectAccessible } from './fixtures';

const DEMO_SERVICE = 'Sairaanhoitajan chat';

async function fillLanguages(group: Locator, [fi, sv, en]: [string, string, string]) {
  await group.getByLabel('Suomeksi').fill(fi);
  await group.getByLabel('Ruotsiksi').fill(sv);
  await group.getByLabel('Englanniksi').fill(en);
}

/** The demo organisation was seeded without a contact person and privacy links: the settings form wants them first. */
async function completeOrganisationForm(page: Page) {
  const contact = page.getByLabel('Yhteyshenkilö', { exact: true });
  if ((await contact.inputValue()) === '') {
    await contact.fill('Eija Espoolainen');
    await page.getByLabel('Yhteyshenkilön sähköposti').fill('eija@espoo.example');
  }
  for (const [legend, url] of [
    ['Suomeksi', 'https://espoo.example/tietosuoja'],
    ['Ruotsiksi', 'https://espoo.example/dataskydd'],
    ['Englanniksi', 'https://espoo.example/privacy'],
  ] as const) {
    const group = page.getByRole('group', { name: legend }).filter({ has: page.getByLabel('Linkin teksti') });
    if ((await group.getByLabel('Verkko-osoite').inputValue()) === '') {
      await group.getByLabel('Verkko-osoite').fill(url);
      await group.getByLabel('Linkin teksti').fill('Tietosuoja');
    }
  }
}

test('an admin builds a survey in three languages with a condition, previews it in Swedish, puts it in use and attaches it to a service', async ({
  page,
}) => {
  const stamp = Date.now();
  const name: [string, string, string] = [`Palaute ${stamp}`, `Respons ${stamp}`, `Feedback ${stamp}`];
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);

  await openFromMenu(page, 'Kyselyt');
  await expect(page.getByRole('heading', { level: 1, name: 'Kyselyt' })).toBeVisible();
  // The demo seed's surveys are there, in use.
  await expect(page.getByRole('row', { name: /Palautekysely/ })).toContainText('Kyllä');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Uusi kysely' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uusi kysely' })).toBeVisible();
  // A survey needs a name in each language and a question.
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByRole('group', { name: 'Nimi' }).getByLabel('Suomeksi')).toBeFocused();
  await expect(page.getByText('Kyselyssä on oltava vähintään yksi kysymys.')).toBeVisible();
  await expectAccessible(page);
  await fillLanguages(page.getByRole('group', { name: 'Nimi' }), name);

  // Question 1: single choice, yes or no.
  await page.getByRole('button', { name: 'Lisää kysymys' }).click();
  const first = page.getByRole('group', { name: 'Kysymys 1 · Yksi valinta' });
  await expect(first.getByLabel('Tyyppi')).toBeFocused();
  await fillLanguages(first.getByRole('group', { name: 'Kysymysteksti' }), ['Saitko apua?', 'Fick du hjälp?', 'Did you get help?']);
  await fillLanguages(first.getByRole('group', { name: 'Vaihtoehto 1' }), ['Kyllä', 'Ja', 'Yes']);
  await fillLanguages(first.getByRole('group', { name: 'Vaihtoehto 2' }), ['En', 'Nej', 'No']);
  await first.getByLabel('Pakollinen').check();

  // Question 2: free text shown only when the answer to question 1 is no.
  await page.getByLabel('Uuden kysymyksen tyyppi').selectOption({ label: 'Vapaa teksti' });
  await page.getByRole('button', { name: 'Lisää kysymys' }).click();
  const second = page.getByRole('group', { name: 'Kysymys 2 · Vapaa teksti' });
  await fillLanguages(second.getByRole('group', { name: 'Kysymysteksti' }), ['Mikä jäi puuttumaan?', 'Vad saknades?', 'What was missing?']);
  await second.getByLabel('Näytä vain, kun aiempi vastaus täsmää').check();
  await expect(second.getByLabel('Aiempi kysymys')).toHaveValue('q1');
  await second.getByRole('group', { name: 'Kun vastaus on jokin näistä' }).getByLabel('En', { exact: true }).check();
  await expectAccessible(page);

  // The preview in Swedish: the condition works live.
  const preview = page.getByRole('region', { name: 'Esikatselu' });
  await preview.getByRole('button', { name: 'Ruotsiksi' }).click();
  await expect(preview.getByRole('heading', { name: name[1] })).toBeVisible();
  const helped = preview.getByRole('group', { name: /Fick du hjälp\?/ });
  await expect(preview.getByRole('group', { name: 'Vad saknades?' })).toBeHidden();
  await preview.getByRole('button', { name: 'Tarkista vastaukset' }).click();
  await expect(helped).toContainText('Obligatoriskt fält.');
  await helped.getByLabel('Nej').check();
  await expect(preview.getByRole('group', { name: 'Vad saknades?' })).toBeVisible();
  await helped.getByLabel('Ja').check();
  await expect(preview.getByRole('group', { name: 'Vad saknades?' })).toBeHidden();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Kysely luotiin.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/surveys$/);
  const row = page.getByRole('row', { name: new RegExp(name[0]) });
  await expect(row).toContainText('Ei');
  await expect(row).toContainText('1');

  // In use: chosen in the organisation's settings.
  await openFromMenu(page, 'Organisaation asetukset');
  await expect(page.getByRole('heading', { level: 1, name: 'Palvelun asetukset' })).toBeVisible();
  const inUse = page.getByRole('region', { name: 'Käytössä olevat kyselyt' });
  await inUse.getByLabel(name[0]).check();
  await completeOrganisationForm(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  const shorten = page.getByRole('dialog', { name: 'Lyhennetäänkö säilytysaikaa?' });
  const saved = page.getByText('Tallennettu', { exact: true });
  await expect(shorten.or(saved)).toBeVisible();
  if (await shorten.isVisible()) await shorten.getByRole('button', { name: 'Lyhennä ja tallenna' }).click();
  await expect(saved).toBeVisible();

  // Attached to the demo nurse service, sent after the appointment.
  await page.getByRole('link', { name: `Muokkaa palvelua ${DEMO_SERVICE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Muokkaa palvelua' })).toBeVisible();
  await page.getByLabel(`${name[0]}: lähetä jälkeen`).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Tallenna' }).first().click();
  await expect(page.getByText('Palvelu tallennettu')).toBeVisible();
  await page.goto(`/admin/organization`);
  await page.getByRole('link', { name: `Muokkaa palvelua ${DEMO_SERVICE}` }).click();
  await expect(page.getByLabel(`${name[0]}: lähetä jälkeen`)).toBeChecked();
  await expect(page.getByLabel(`${name[0]}: lähetä ennen`)).not.toBeChecked();

  await openFromMenu(page, 'Kyselyt');
  await expect(page.getByRole('row', { name: new RegExp(name[0]) })).toContainText('Kyllä');
});
