import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  atLocalTime,
  localDateAt,
  type AppointmentDetail,
  type AppointmentRow,
  type Break,
  type ExpertSchedule,
  type Page,
} from '@prsp/contracts';
import { appointmentParticipants, appointments } from '../../db/schema';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { AINO } from '../../test/person-codes';
import { postJson, staffBrowser, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { bookingExpert, daysAheadAt, minutesFromNow, openSlots } from './booking.steps';

let t: TestApp;
let espoo: string;
beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
});
afterAll(() => t.close());

const DAY = 24 * 60;

async function data<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status }).toEqual({ http: 200, status: 'ok' });
  return body.data as T;
}
async function refused(res: Promise<Response>, http: number, statusCode: number) {
  const r = await res;
  expect({ http: r.status, statusCode: (await r.json()).statusCode }).toEqual({ http, statusCode });
}

/** An expert of espoo-demo signed in to the expert app, with the expert row the bookings name. */
async function signedInExpert() {
  const expert = await bookingExpert(t, espoo, 'nurse');
  const { token } = await createSession(t.database.db, t.config.session, {
    staffUserId: expert.userId,
    appRole: 'expert',
    organisationId: espoo,
  });
  const browser = new TestBrowser(t.baseUrl);
  browser.setCookie('prsp_session', token);
  return { expert, browser: withCsrfCookie(browser) };
}

async function bookFor(expertId: string, startsAt: Date, minutes = 30): Promise<string> {
  const [id] = await openSlots(t, espoo, expertId, [startsAt], minutes);
  const admin = await staffBrowser(t, { preset: 'booker' });
  const hhmm = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Helsinki',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(startsAt);
  await data(
    postJson(admin, '/api/admin/bookings/create', {
      kind: 'oneOnOne',
      timeslotId: id,
      expertId,
      date: localDateAt(startsAt),
      startTime: hhmm,
      durationMinutes: minutes,
      sendConfirmation: false,
      patient: { ssn: AINO, firstName: 'Aino', lastName: 'Virtanen', email: 'aino@test.example', language: 'fi', nationality: 'FI' },
      preQuestionnaire: [{ id: 'reason', question: 'Mikä on käyntisi syy?', answer: 'Kuume' }],
    }),
  );
  return id!;
}

describe('expert calendar (spec §2 /expert/schedule, /expert/allBookings, /expert/appointment, /expert/appointmentHistory)', () => {
  test('schedule of a day, all bookings from today, details with the answers, history of ended ones', async () => {
    const { expert, browser } = await signedInExpert();
    const soon = await bookFor(expert.id, daysAheadAt(1, 10));
    const [open] = await openSlots(t, espoo, expert.id, [daysAheadAt(1, 11)]);
    const day = localDateAt(daysAheadAt(1, 10));
    const schedule = await data<ExpertSchedule>(browser.fetch(`/api/expert/schedule?date=${day}`));
    expect(schedule.date).toBe(day);
    expect(schedule.appointments.map((a) => a.id)).toEqual(expect.arrayContaining([soon, open]));
    expect(schedule.appointments.find((a) => a.id === soon)).toMatchObject({ status: 'booked', patientName: 'Aino Virtanen' });

    const all = await data<Page<AppointmentRow>>(browser.fetch('/api/expert/bookings?status=booked'));
    expect(all.items.map((a) => a.id)).toEqual([soon]);

    const detail = await data<AppointmentDetail>(browser.fetch(`/api/expert/appointments/${soon}`));
    expect(detail.preQuestionnaire).toEqual([{ id: 'reason', question: 'Mikä on käyntisi syy?', answer: 'Kuume' }]);
    expect(detail.participants).toEqual([expect.objectContaining({ role: 'patient', name: 'Aino Virtanen', ssn: AINO })]);

    // An ended appointment is history; the future one is not.
    const startsAt = minutesFromNow(-3 * DAY);
    const [past] = await t.database.db
      .insert(appointments)
      .values({
        organisationId: espoo,
        expertId: expert.id,
        name: 'Ritva Varaaja',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 1_800_000),
        type: 'oneOnOne',
        status: 'booked',
      })
      .returning({ id: appointments.id });
    await t.database.db
      .insert(appointmentParticipants)
      .values({ appointmentId: past!.id, role: 'patient', name: 'Aino Virtanen', language: 'fi' });
    const history = await data<Page<AppointmentRow>>(browser.fetch('/api/expert/appointment-history'));
    expect(history.items.map((a) => a.id)).toEqual([past!.id]);
  });

  test('another expert’s appointment is 404; admins and patients are refused', async () => {
    const { browser } = await signedInExpert();
    const other = await bookingExpert(t, espoo, 'nurse');
    const theirs = await bookFor(other.id, minutesFromNow(2 * DAY));
    await refused(browser.fetch(`/api/expert/appointments/${theirs}`), 404, 404);
    const admin = await staffBrowser(t, { preset: 'organisationAdmin' });
    await refused(admin.fetch('/api/expert/schedule'), 401, 101);
    await refused(new TestBrowser(t.baseUrl).fetch('/api/expert/schedule'), 401, 101);
  });

  test('breaks: open slots under one go, a reserved appointment under one refuses it (422), another break too; delete', async () => {
    const { expert, browser } = await signedInExpert();
    const day = localDateAt(minutesFromNow(4 * DAY));
    const base = atLocalTime(day, 10, 0);
    const at = (m: number) => new Date(base.getTime() + m * 60_000);
    const fmt = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
    const [slot] = await openSlots(t, espoo, expert.id, [at(0)]);
    const reserved = await bookFor(expert.id, at(120));
    const br = await data<Break>(postJson(browser, '/api/expert/breaks', { date: day, startTime: fmt(at(0)), endTime: fmt(at(60)) }));
    expect(await t.database.db.select().from(appointments).where(eq(appointments.id, slot!))).toEqual([]);
    await refused(postJson(browser, '/api/expert/breaks', { date: day, startTime: fmt(at(110)), endTime: fmt(at(170)) }), 409, 422);
    await refused(postJson(browser, '/api/expert/breaks', { date: day, startTime: fmt(at(30)), endTime: fmt(at(90)) }), 409, 422);
    const schedule = await data<ExpertSchedule>(browser.fetch(`/api/expert/schedule?date=${day}`));
    expect(schedule.breaks.map((b) => b.id)).toEqual([br.id]);
    expect(schedule.appointments.map((a) => a.id)).toEqual([reserved]);
    await data(
      browser.fetch(`/api/expert/breaks/${br.id}`, { method: 'DELETE', headers: { 'x-csrf-token': browser.cookie('prsp_csrf')! } }),
    );
    await refused(
      browser.fetch(`/api/expert/breaks/${br.id}`, { method: 'DELETE', headers: { 'x-csrf-token': browser.cookie('prsp_csrf')! } }),
      404,
      404,
    );
  });
});
