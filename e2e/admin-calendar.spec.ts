import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORGANISATION, ORG_ADMIN, chooseOrganisation, newExpert, staffSignIn, uniqueEmail } from './admin-fixtures';
import { expectAccessible } from './fixtures';
import { adminCall, helsinkiDate } from './booking-steps';
import { freshSsn } from './patient-steps';

type Caught = { id: string; subject: string };
type CaughtEmail = { attachments: { index: number; filename: string; contentType: string }[] };

/** The e-mails caught for `to`, newest first. */
async function inbox(page: Page, to: string): Promise<Caught[]> {
  const res = await page.request.get(`/api/dev/inbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { data: { messages: Caught[] } }).data.messages;
}

/** The SEQUENCE of the calendar invitation attached to a caught e-mail. */
async function sequenceOf(page: Page, id: string): Promise<number> {
  const res = await page.request.get(`/api/dev/inbox/${id}`);
  const mail = ((await res.json()) as { data: CaughtEmail }).data;
  const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  expect(ics, 'a calendar invitation is attached').toBeDefined();
  const text = await (await page.request.get(`/dev/inbox/${id}/attachments/${ics!.index}`)).text();
  return Number(/SEQUENCE:(\d+)/.exec(text)![1]);
}

/** The Tuesday of next week in Helsinki: always in the week the 'Next week' button shows. */
function tuesdayNextWeek(): string {
  const today = helsinkiDate(0);
  const [y, m, d] = today.split('-').map(Number);
  const weekday = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() || 7;
  return helsinkiDate(7 - weekday + 2);
}

test('an admin drags a booking onto another open time in the week view: the patient gets one update with a higher SEQUENCE; Undo puts it back; the Move dialog works by keyboard; the week as a list of days at 360 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await staffSignIn(page, 'admin', ORG_ADMIN);
  await chooseOrganisation(page, DEMO_ORGANISATION);
  const expert = await newExpert(page, 'Kalle');
  const day = tuesdayNextWeek();
  const email = uniqueEmail('calendar.patient');
  const family = `Kalenteri${Date.now()}`;

  // A booking at 10.00 with the patient's e-mail, and an open time of the same expert at 13.00.
  const booked = await adminCall<{ id: string }>(page, '/api/admin/bookings/create', {
    kind: 'oneOnOne',
    expertId: expert.id,
    date: day,
    startTime: '10:00',
    durationMinutes: 30,
    sendConfirmation: true,
    patient: { ssn: freshSsn(), firstName: 'Kaisa', lastName: family, email, language: 'fi', nationality: 'FI' },
  });
  expect(booked.statusCode, JSON.stringify(booked)).toBe(200);
  const services = await adminCall<{ id: string }[]>(page, '/api/admin/bookings/services');
  const opened = await adminCall(page, '/api/admin/bookings/timeslots/open', {
    expertIds: [expert.id],
    from: day,
    to: day,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    dayStart: '13:00',
    dayEnd: '13:30',
    slotMinutes: 30,
    breaks: [],
    serviceId: services.data[0]!.id,
  });
  expect(opened.statusCode, JSON.stringify(opened)).toBe(200);
  await expect.poll(async () => (await inbox(page, email)).length, { timeout: 30_000 }).toBe(1);
  const invitation = (await inbox(page, email))[0]!;
  const firstSequence = await sequenceOf(page, invitation.id);

  // The week view of the expert, next week.
  await page.goto('/admin/appointments?view=week');
  await expect(page.getByRole('heading', { level: 1, name: 'Varaukset' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Viikko', pressed: true })).toBeVisible();
  await page.getByLabel('Kalenteri').selectOption({ label: expert.name });
  await page.getByRole('button', { name: 'Seuraava viikko' }).click();
  const grid = page.getByRole('table', { name: new RegExp(expert.name) });
  const booking = grid.getByRole('button', { name: new RegExp(`10\\.00–10\\.30, Chat, Varattu, Kaisa ${family}`) });
  const openTime = grid.getByRole('button', { name: /13\.00–13\.30, \w+, Vapaa/ });
  await expect(booking).toBeVisible();
  await expect(openTime).toBeVisible();
  await expectAccessible(page);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/calendar-week-1280.png`, fullPage: true });

  // Dragged with the mouse onto the open time: the two swap.
  await booking.dragTo(openTime);
  await expect(page.getByRole('status').filter({ hasText: 'Tapaaminen siirretty:' })).toBeVisible();
  await expect(grid.getByRole('button', { name: new RegExp(`13\\.00–13\\.30, Chat, Varattu, Kaisa ${family}`) })).toBeVisible();
  await expect(grid.getByRole('button', { name: /10\.00–10\.30, \w+, Vapaa/ })).toBeVisible();
  // One update e-mail, its invitation's SEQUENCE above the first one's.
  await expect.poll(async () => (await inbox(page, email)).length, { timeout: 30_000 }).toBe(2);
  const update = (await inbox(page, email))[0]!;
  expect(update.id).not.toBe(invitation.id);
  expect(await sequenceOf(page, update.id)).toBeGreaterThan(firstSequence);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/calendar-moved-1280.png`, fullPage: true });

  // Undo in the same view: back at 10.00, the open time at 13.00 again.
  await page.getByRole('button', { name: 'Peru siirto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Siirto peruttu:' })).toBeVisible();
  await expect(booking).toBeVisible();
  await expect(openTime).toBeVisible();
  await expect(page.getByRole('button', { name: 'Peru siirto' })).toHaveCount(0);

  // By keyboard: Enter on the booking opens the Move dialog; another time, typed; Enter moves it.
  await booking.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Siirrä tapaaminen' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/calendar-move-dialog-1280.png` });
  await dialog.getByRole('radio', { name: 'Muuhun aikaan' }).focus();
  await page.keyboard.press('Space');
  await dialog.getByLabel('Alkamisaika').focus();
  await page.keyboard.type('1415');
  await expect(dialog.getByLabel('Alkamisaika')).toHaveValue('14:15');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Tapaaminen siirretty:' })).toBeVisible();
  await expect(grid.getByRole('button', { name: new RegExp(`14\\.15–14\\.45, Chat, Varattu, Kaisa ${family}`) })).toBeVisible();
  await expectAccessible(page);

  // At 360 px: the week as a list of its days (no grid), still the week the switch names, with the previous and next week.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('button', { name: 'Seuraava viikko' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // No pointer drag on a phone: the hint names the Move dialog only.
  await expect(page.getByText('Valitse tapaaminen ja siirrä se Siirrä-ikkunassa')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Näkymä' }).getByRole('button', { name: 'Viikko' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: new RegExp(`14\\.15–14\\.45, Chat, Varattu, Kaisa ${family}`) })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/calendar-week-360.png`, fullPage: true });
});
