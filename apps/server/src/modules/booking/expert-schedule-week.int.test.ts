import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { atLocalTime, type ExpertSchedule } from '@prsp/contracts';
import { appointmentParticipants, appointments, auditLog, expertBreaks } from '../../db/schema';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { staffBrowser, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { bookingExpert, onboardedPatientSessions } from './booking.steps';

let t: TestApp;
let espoo: string;
beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
});
afterAll(() => t.close());

const MINUTE = 60_000;

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

/** A reserved appointment of the expert (30 minutes unless said) at a Helsinki wall-clock time, with a patient (named) when given. */
async function reservedAt(
  expertId: string,
  date: string,
  hour: number,
  minute: number,
  { patientId, minutes = 30 }: { patientId?: string; minutes?: number } = {},
): Promise<string> {
  const startsAt = atLocalTime(date, hour, minute);
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      organisationId: espoo,
      expertId,
      name: 'Ritva Varaaja',
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * MINUTE),
      type: 'oneOnOne',
      status: 'booked',
    })
    .returning({ id: appointments.id });
  await t.database.db.insert(appointmentParticipants).values({
    appointmentId: row!.id,
    role: 'patient',
    patientId: patientId ?? null,
    name: `Potilas ${date} ${hour}.${minute}`,
    language: 'fi',
  });
  return row!.id;
}

async function scheduleOf(browser: TestBrowser, query: string): Promise<ExpertSchedule> {
  const res = await browser.fetch(`/api/expert/schedule?${query}`);
  const body = await res.json();
  expect({ http: res.status, status: body.status }).toEqual({ http: 200, status: 'ok' });
  return body.data as ExpertSchedule;
}

describe('the expert’s week (issue 33: GET /api/expert/schedule?date=&days=7)', () => {
  test('a Helsinki week over the spring change holds its seven local days whole; another expert’s appointments are not in it', async () => {
    const { expert, browser } = await signedInExpert();
    const other = await bookingExpert(t, espoo, 'nurse');
    // Monday 22.3.2027 to Sunday 28.3.2027; clocks go from 03:00 to 04:00 on the Sunday (a 167-hour week).
    const first = await reservedAt(expert.id, '2027-03-22', 0, 0);
    const afterChange = await reservedAt(expert.id, '2027-03-28', 4, 0);
    const last = await reservedAt(expert.id, '2027-03-28', 23, 30);
    const before = await reservedAt(expert.id, '2027-03-21', 23, 30);
    const after = await reservedAt(expert.id, '2027-03-29', 0, 0);
    const theirs = await reservedAt(other.id, '2027-03-24', 10, 0);
    const [pause] = await t.database.db
      .insert(expertBreaks)
      .values({
        organisationId: espoo,
        expertId: expert.id,
        startsAt: atLocalTime('2027-03-25', 12, 0),
        endsAt: atLocalTime('2027-03-25', 12, 30),
      })
      .returning({ id: expertBreaks.id });

    const week = await scheduleOf(browser, 'date=2027-03-22&days=7');
    expect(week.date).toBe('2027-03-22');
    expect(week.days).toBe(7);
    expect(week.appointments.map((a) => a.id)).toEqual([first, afterChange, last]);
    expect(week.appointments.map((a) => a.id)).not.toContain(theirs);
    expect(week.appointments.map((a) => a.id)).not.toEqual(expect.arrayContaining([before, after]));
    expect(week.breaks.map((b) => b.id)).toEqual([pause!.id]);

    // The day view is still one day, and says so.
    const sunday = await scheduleOf(browser, 'date=2027-03-28');
    expect(sunday.days).toBe(1);
    expect(sunday.appointments.map((a) => a.id)).toEqual([afterChange, last]);
  });

  test('a week over the autumn change (169 hours) ends at the local midnight after its Sunday', async () => {
    const { expert, browser } = await signedInExpert();
    // Monday 25.10.2027 to Sunday 31.10.2027; clocks go back from 04:00 to 03:00 on the Sunday.
    const twice = await reservedAt(expert.id, '2027-10-31', 3, 30);
    const last = await reservedAt(expert.id, '2027-10-31', 23, 30);
    const next = await reservedAt(expert.id, '2027-11-01', 0, 0);
    const week = await scheduleOf(browser, 'date=2027-10-25&days=7');
    expect(week.appointments.map((a) => a.id)).toEqual([twice, last]);
    expect(week.appointments.map((a) => a.id)).not.toContain(next);
  });

  test('an appointment that starts the evening before and runs past midnight is in the day and the week it runs into', async () => {
    const { expert, browser } = await signedInExpert();
    // Sunday 2.5.2027 23.30 to Monday 00.30; Monday starts the week of 3.5.
    const overMidnight = await reservedAt(expert.id, '2027-05-02', 23, 30, { minutes: 60 });
    const monday = await reservedAt(expert.id, '2027-05-03', 9, 0);
    expect((await scheduleOf(browser, 'date=2027-05-03')).appointments.map((a) => a.id)).toEqual([overMidnight, monday]);
    expect((await scheduleOf(browser, 'date=2027-05-03&days=7')).appointments.map((a) => a.id)).toEqual([overMidnight, monday]);
    expect((await scheduleOf(browser, 'date=2027-05-02')).appointments.map((a) => a.id)).toEqual([overMidnight]);
  });

  test('a week read leaves an appointment.schedule row per patient shown', async () => {
    const { expert, browser } = await signedInExpert();
    const [patient] = await onboardedPatientSessions(t, espoo, 1);
    await reservedAt(expert.id, '2027-05-05', 9, 0, { patientId: patient!.id });
    const since = (await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
    await scheduleOf(browser, 'date=2027-05-03&days=7');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, since), eq(auditLog.action, 'appointment.schedule')));
    expect(rows.map((r) => ({ patientId: r.patientId, actorId: r.actorId, organisationId: r.organisationId }))).toEqual([
      { patientId: patient!.id, actorId: expert.userId, organisationId: espoo },
    ]);
  });

  test('days outside 1..7 and a bad date are field errors; admins and the signed-out are refused', async () => {
    const { browser } = await signedInExpert();
    for (const query of ['days=8', 'days=0', 'days=two', 'date=2027-02-30&days=7']) {
      const res = await browser.fetch(`/api/expert/schedule?${query}`);
      expect(res.status, query).toBe(400);
    }
    const admin = await staffBrowser(t, { preset: 'organisationAdmin' });
    for (const caller of [admin, new TestBrowser(t.baseUrl)]) {
      const res = await caller.fetch('/api/expert/schedule?days=7');
      expect({ http: res.status, statusCode: (await res.json()).statusCode }).toEqual({ http: 401, statusCode: 101 });
    }
  });
});
