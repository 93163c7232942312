import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZReminders, type Reminders } from '@prsp/contracts';
import {
  appointmentParticipants,
  appointments,
  auditLog,
  bookingSettings,
  outboxEmails,
  outboxSms,
  patientContacts,
} from '../../db/schema';
import { createJobRunner } from '../../platform/jobs/runner';
import { TestBrowser } from '../../test/http-client';
import { organisationId, withCsrfCookie } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { expectError, okData, postJson } from '../patients/patient.steps';
import { notifyBooked } from './booking-notifications.service';
import { registerBookingReminders } from './booking-reminders';
import { bookingExpert, onboardedPatientSessions } from './booking.steps';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const HOUR = 60 * 60_000;

let t: TestApp;
let espoo: string;
let patients: { id: string; browser: TestBrowser; email: string; mobile: string }[];

beforeAll(async () => {
  t = await startTestApp();
  espoo = await organisationId(t, 'espoo-demo');
  const sessions = await onboardedPatientSessions(t, espoo, 3);
  patients = await Promise.all(
    sessions.map(async ({ id, token }, i) => {
      // A number of their own each, so the SMS tell who got one.
      const mobile = `+35840555000${i}`;
      await t.database.db.update(patientContacts).set({ mobile }).where(eq(patientContacts.patientId, id));
      const browser = new TestBrowser(t.baseUrl);
      browser.setCookie('prsp_session', token);
      return { id, browser: withCsrfCookie(browser), email: `potilas${i}@test.example`, mobile };
    }),
  );
});
afterAll(() => t.close());

const read = (b: TestBrowser) => okData<Reminders>(b.fetch('/api/patient/reminders')).then((r) => ZReminders.parse(r));
const save = (b: TestBrowser, body: unknown) => postJson(b, '/api/patient/reminders', body);

describe('GET and POST /api/patient/reminders', () => {
  test('say which reminders will come: both on until turned off, how long before the start, and where to', async () => {
    const p = patients[0]!;
    expect(await read(p.browser)).toEqual({
      email: { on: true, offered: true, to: p.email, leadMinutes: 24 * 60 },
      sms: { on: true, offered: true, to: p.mobile, leadMinutes: 60 },
    });
  });

  test('the patient turns a reminder off and on again; each change is audited with the channels it changed', async () => {
    const p = patients[1]!;
    const off = await okData<Reminders>(save(p.browser, { email: true, sms: false }));
    expect(off).toMatchObject({ email: { on: true }, sms: { on: false } });
    expect(await read(p.browser)).toMatchObject({ email: { on: true }, sms: { on: false } });
    await okData(save(p.browser, { email: false, sms: true }));
    expect(await read(p.browser)).toMatchObject({ email: { on: false }, sms: { on: true } });
    const audits = await t.database.db
      .select({ actorId: auditLog.actorId, objectId: auditLog.objectId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.reminders.save'), eq(auditLog.objectId, p.id)))
      .orderBy(auditLog.id);
    expect(audits).toEqual([
      { actorId: p.id, objectId: p.id, details: { changed: ['sms'] } },
      { actorId: p.id, objectId: p.id, details: { changed: ['email', 'sms'] } },
    ]);
    await okData(save(p.browser, { email: true, sms: true }));
  });

  test('a reminder the organisation does not send is not offered, whatever the patient chose', async () => {
    await t.database.db
      .insert(bookingSettings)
      .values({ organisationId: espoo, infoText: { fi: '', se: '', en: '' }, reminderEmail: false, reminderSms: true });
    try {
      expect(await read(patients[0]!.browser)).toMatchObject({ email: { on: true, offered: false }, sms: { offered: true } });
    } finally {
      await t.database.db.delete(bookingSettings).where(eq(bookingSettings.organisationId, espoo));
    }
  });

  test('refuses a body that is not two booleans (400), and anyone not signed in (101)', async () => {
    const p = patients[0]!;
    for (const body of [{ email: 'no', sms: true }, { email: true }, {}]) await expectError(save(p.browser, body), 400, 400);
    const anonymous = withCsrfCookie(new TestBrowser(t.baseUrl));
    await expectError(anonymous.fetch('/api/patient/reminders'), 401, 101);
    await expectError(save(anonymous, { email: false, sms: false }), 401, 101);
    expect(await read(p.browser)).toMatchObject({ email: { on: true }, sms: { on: true } });
  });
});

describe('the reminder jobs', () => {
  test('a patient who turned reminders off gets no reminder e-mail or SMS; one who did not gets both', async () => {
    const [optedIn, optedOut] = [patients[0]!, patients[2]!];
    await okData(save(optedOut.browser, { email: false, sms: false }));

    const expert = await bookingExpert(t, espoo, 'nurse');
    const startsAt = new Date(Date.now() + 3 * 24 * HOUR);
    const [a] = await t.database.db
      .insert(appointments)
      .values({
        organisationId: espoo,
        expertId: expert.id,
        name: 'Ryhmä',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        type: 'group',
        status: 'booked',
        bookedAt: new Date(),
      })
      .returning({ id: appointments.id });
    await t.database.db.insert(appointmentParticipants).values(
      [optedIn, optedOut].map((p, i) => ({
        appointmentId: a!.id,
        role: 'patient' as const,
        patientId: p.id,
        name: `Potilas${i}`,
        language: 'fi' as const,
      })),
    );
    await t.database.db.transaction((tx) =>
      notifyBooked(tx, a!.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, sendConfirmation: false }),
    );

    // Both reminders are due an hour before the start.
    const runner = createJobRunner({ db: t.database.db, log: silent, now: () => new Date(startsAt.getTime() - HOUR + 1000) });
    registerBookingReminders(runner, { db: t.database.db, smsEnabled: true, publicUrl: t.config.publicUrl, sender: t.config.mail.sender });
    await runner.runOnce({ kinds: ['booking.reminderEmail', 'booking.reminderSms'], limit: 50 });

    const mails = await t.database.db
      .select({ to: outboxEmails.toAddress })
      .from(outboxEmails)
      .where(inArray(outboxEmails.toAddress, [optedIn.email, optedOut.email]));
    const sms = await t.database.db
      .select({ to: outboxSms.toNumber })
      .from(outboxSms)
      .where(inArray(outboxSms.toNumber, [optedIn.mobile, optedOut.mobile]));
    expect(mails.map((m) => m.to)).toEqual([optedIn.email]);
    expect(sms.map((s) => s.to)).toEqual([optedIn.mobile]);
  });
});
