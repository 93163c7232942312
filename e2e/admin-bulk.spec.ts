import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, newExpert, openFromMenu, staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { adminCall, finnishDate, helsinkiDate } from './booking-steps';
import { freshSsn } from './patient-steps';

type Summary = { id: string; subject: string };
type Caught = { subject: string; text: string; attachments: { filename: string; contentType: string }[] };

const SUBJECT = 'Ajanvarauksiisi on tehty muutoksia';

/** Every message the built-in catcher holds for `to` with the bulk change's subject. */
async function bulkMailsTo(page: Page, to: string): Promise<Summary[]> {
  const res = await page.request.get(`/api/dev/inbox?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { data: { messages: Summary[] } };
  return body.data.messages.filter((m) => m.subject.startsWith(SUBJECT));
}

async function caught(page: Page, id: string): Promise<Caught> {
  const res = await page.request.get(`/api/dev/inbox/${id}`);
  return ((await res.json()) as { data: Caught }).data;
}

/**
 * Issue 33 point 2, "a nurse's day is cancelled in bulk with one message each": a nurse of her own (no other journey's
 * bookings in her calendar) has three bookings of two patients on one day and two open times. The admin selects her
 * day through the list's filters, previews, cancels all with one message; each person gets exactly one e-mail with
 * that message and a calendar cancellation per appointment. Then the open times go in bulk through the row boxes.
 */
test('a nurse falls ill: her day is cancelled in bulk with one e-mail per person, then her open times deleted in bulk', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  const nurse = await newExpert(page, 'Sairas');
  const services = await adminCall<{ id: string }[]>(page, '/api/admin/bookings/services');
  const day = helsinkiDate(3);
  const family = `Bulkki${Date.now().toString(36)}`;
  const aino = { ssn: freshSsn(), firstName: 'Aino', lastName: family, email: uniqueEmail('aino.bulk'), language: 'fi', nationality: 'FI' };
  const olli = { ssn: freshSsn(), firstName: 'Olli', lastName: family, email: uniqueEmail('olli.bulk'), language: 'fi', nationality: 'FI' };
  for (const [time, patient] of [
    ['09:00', aino],
    ['10:00', olli],
    ['11:00', aino],
  ] as const) {
    const booked = await adminCall(page, '/api/admin/bookings/create', {
      kind: 'oneOnOne',
      expertId: nurse.id,
      date: day,
      startTime: time,
      durationMinutes: 30,
      sendConfirmation: false,
      patient,
    });
    expect(booked.statusCode, JSON.stringify(booked)).toBe(200);
  }
  const opened = await adminCall<{ created: number }>(page, '/api/admin/bookings/timeslots/open', {
    expertIds: [nurse.id],
    from: day,
    to: day,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: '13:00',
    dayEnd: '14:00',
    slotMinutes: 30,
    breaks: [],
    serviceId: services.data[0]!.id,
  });
  expect(opened.data.created).toBe(2);

  await openFromMenu(page, 'Varaukset');
  await expect(page.getByRole('heading', { level: 1, name: 'Varaukset' })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Suodata varauksia' });
  await filters.getByLabel('Alkaen').fill(day);
  await filters.getByLabel('Päättyen').fill(day);
  await filters.getByLabel('Asiantuntija').selectOption({ label: nurse.name });
  await filters.getByRole('button', { name: 'Hae' }).click();
  const table = page.getByRole('table', { name: 'Varaukset' });
  await expect(table.getByRole('row')).toHaveCount(1 + 3);

  // Her whole day through the filters, not row by row.
  const bar = page.getByRole('region', { name: 'Joukkotoiminnot' });
  await expect(bar.getByText('0 riviä valittu')).toBeVisible();
  await bar.getByRole('radio', { name: `Suodattimien päivä tai jakso: ${nurse.name}, ${finnishDate(day)}` }).check();
  await expectAccessible(page);
  await bar.getByRole('button', { name: 'Peru varaukset viestillä' }).click();
  const dialog = page.getByRole('dialog', { name: 'Peru varaukset' });
  await dialog.getByRole('button', { name: 'Esikatsele' }).click();
  await expect(dialog.getByText('Pakollinen kenttä.')).toBeVisible();
  const message = 'Hoitajanne on sairastunut. Varaa uusi aika palvelusta, pahoittelemme.';
  await dialog.getByLabel('Viesti kaikille').fill(message);
  await dialog.getByRole('button', { name: 'Esikatsele' }).click();
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Perutaan' })).toHaveCount(3);
  await expect(rows.filter({ hasText: `Aino ${family}` })).toHaveCount(2);
  // Aino, Olli and the nurse: three people, one e-mail each.
  await expect(dialog.getByRole('status')).toContainText('3 henkilöä saa kukin yhden sähköpostiviestin.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Vahvista peruutukset' }).click();
  await expect(dialog).toBeHidden();
  await expect(bar.getByRole('status')).toHaveText(/Valmis: poistettu 0, peruttu 3, siirretty 0, ennallaan 0\. Sähköposteja lähtee 3\./);
  await expect(table.getByRole('row').filter({ hasText: 'Peruttu' })).toHaveCount(3);

  // Each person gets exactly one e-mail: wait until all three are delivered (queued in the one transaction), then count.
  await expect
    .poll(
      async () => [
        (await bulkMailsTo(page, aino.email)).length,
        (await bulkMailsTo(page, olli.email)).length,
        (await bulkMailsTo(page, nurse.email)).length,
      ],
      {
        timeout: 30_000,
      },
    )
    .toEqual([1, 1, 1]);
  const toAino = await caught(page, (await bulkMailsTo(page, aino.email))[0]!.id);
  expect(toAino.text).toContain(message);
  expect(toAino.text.match(/Peruttu:/g)).toHaveLength(2);
  expect(toAino.attachments.filter((a) => a.filename.endsWith('cancel.ics'))).toHaveLength(2);
  const toOlli = await caught(page, (await bulkMailsTo(page, olli.email))[0]!.id);
  expect(toOlli.text).toContain(message);
  expect(toOlli.attachments).toHaveLength(1);

  // Second step: her open times, ticked in the list; the cancelled bookings among what is shown are left with a reason.
  await filters.getByLabel('Näytä myös vapaat ajat').check();
  await filters.getByRole('button', { name: 'Hae' }).click();
  await expect(table.getByRole('row')).toHaveCount(1 + 5);
  await table.getByRole('checkbox', { name: 'Valitse kaikki 5 näytettyä riviä' }).check();
  await expect(bar.getByText('5 riviä valittu')).toBeVisible();
  await bar.getByRole('radio', { name: 'Valitut rivit (5)' }).check();
  await bar.getByRole('button', { name: 'Poista avoimet ajat' }).click();
  const deleting = page.getByRole('dialog', { name: 'Poista avoimet ajat' });
  await deleting.getByRole('button', { name: 'Esikatsele' }).click();
  await expect(deleting.getByRole('listitem').filter({ hasText: 'Poistetaan' })).toHaveCount(2);
  await expect(deleting.getByRole('listitem').filter({ hasText: 'Jää ennalleen (ei avoin aika)' })).toHaveCount(3);
  await expectAccessible(page);
  await deleting.getByRole('button', { name: 'Vahvista poisto' }).click();
  await expect(deleting).toBeHidden();
  await expect(bar.getByRole('status')).toHaveText(/Valmis: poistettu 2, peruttu 0, siirretty 0, ennallaan 3\./);
  await expect(table.getByRole('row')).toHaveCount(1 + 3);
  const left = await adminCall<{ total: number }>(page, `/api/admin/bookings/list?from=${day}&to=${day}&expertId=${nurse.id}&status=open`);
  expect(left.data.total).toBe(0);
  await expectAccessible(page);
});
