import { afterAll, beforeAll, expect, test } from 'vitest';
import { localDateAt, type AppointmentRow, type Page } from '@prsp/contracts';
import { appointments } from '../../db/schema';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { staffBrowser, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { bookingExpert, daysAheadAt, openSlots } from './booking.steps';

let t: TestApp;
let espoo: string;
beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
});
afterAll(() => t.close());

async function ids(res: Promise<Response>): Promise<string[]> {
  const r = await res;
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: Page<AppointmentRow> }).data.items.map((i) => i.id);
}

test('the admin and expert booking lists show reserved appointments; open times only when asked (issue 28)', async () => {
  const expert = await bookingExpert(t, espoo, 'nurse');
  const [open] = await openSlots(t, espoo, expert.id, [daysAheadAt(6, 9)]);
  const [reserved] = await t.database.db
    .insert(appointments)
    .values({
      organisationId: espoo,
      expertId: expert.id,
      name: 'Ritva Varaaja',
      startsAt: daysAheadAt(6, 10),
      endsAt: daysAheadAt(6, 10, 30),
      type: 'oneOnOne',
      status: 'booked',
    })
    .returning({ id: appointments.id });
  const day = localDateAt(daysAheadAt(6, 9));

  const admin = await staffBrowser(t, { preset: 'booker' });
  const list = `/api/admin/bookings/list?expertId=${expert.id}&from=${day}&to=${day}`;
  expect(await ids(admin.fetch(list))).toEqual([reserved!.id]);
  expect(await ids(admin.fetch(`${list}&openTimes=true`))).toEqual([open, reserved!.id]);
  expect(await ids(admin.fetch(`${list}&status=open`))).toEqual([open]);

  const { token } = await createSession(t.database.db, t.config.session, {
    staffUserId: expert.userId,
    appRole: 'expert',
    organisationId: espoo,
  });
  const browser = new TestBrowser(t.baseUrl);
  browser.setCookie('prsp_session', token);
  withCsrfCookie(browser);
  const mine = `/api/expert/bookings?from=${day}&to=${day}`;
  expect(await ids(browser.fetch(mine))).toEqual([reserved!.id]);
  expect(await ids(browser.fetch(`${mine}&openTimes=true`))).toEqual([open, reserved!.id]);
  expect(await ids(browser.fetch(`${mine}&status=open`))).toEqual([open]);
});
