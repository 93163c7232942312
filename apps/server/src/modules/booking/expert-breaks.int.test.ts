import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localDateAt, localDateTimeAt, type Break } from '@prsp/contracts';
import { appointments } from '../../db/schema';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { postJson, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { bookingExpert, daysAheadAt, openSlots } from './booking.steps';

let t: TestApp;
let espoo: string;
beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
});
afterAll(() => t.close());

test('deleting a break gives back the open times it removed, those still free (issue 28)', async () => {
  const expert = await bookingExpert(t, espoo, 'nurse');
  const { token } = await createSession(t.database.db, t.config.session, {
    staffUserId: expert.userId,
    appRole: 'expert',
    organisationId: espoo,
  });
  const browser = new TestBrowser(t.baseUrl);
  browser.setCookie('prsp_session', token);
  withCsrfCookie(browser);

  // 09:45, 10:15 and 11:15; the break 10:00–11:00 removes the first two (the first only in part under it).
  const times = [daysAheadAt(9, 9, 45), daysAheadAt(9, 10, 15), daysAheadAt(9, 11, 15)];
  const [, , kept] = await openSlots(t, espoo, expert.id, times);
  const clock = (d: Date) => localDateTimeAt(d.getTime()).time;
  const pause = await postJson(browser, '/api/expert/breaks', {
    date: localDateAt(times[0]!),
    startTime: clock(daysAheadAt(9, 10)),
    endTime: clock(daysAheadAt(9, 11)),
  });
  expect(pause.status).toBe(200);
  const br = ((await pause.json()) as { data: Break }).data;
  const open = () =>
    t.database.db
      .select({ id: appointments.id, startsAt: appointments.startsAt, status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.expertId, expert.id), eq(appointments.status, 'open')))
      .orderBy(asc(appointments.startsAt));
  expect((await open()).map((a) => a.id)).toEqual([kept]);

  // Meanwhile 09:30–10:00 is booked, over the first removed time (not over the break): that one stays gone.
  await t.database.db.insert(appointments).values({
    organisationId: espoo,
    expertId: expert.id,
    name: 'Ritva Varaaja',
    startsAt: daysAheadAt(9, 9, 30),
    endsAt: daysAheadAt(9, 10),
    type: 'oneOnOne',
    status: 'booked',
  });

  const deleted = await browser.fetch(`/api/expert/breaks/${br.id}`, {
    method: 'DELETE',
    headers: { 'x-csrf-token': browser.cookie('prsp_csrf')! },
  });
  expect(deleted.status).toBe(200);
  expect((await open()).map((a) => a.startsAt)).toEqual([times[1], times[2]]);
});
