import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDateAt, type CaughtEmail, type DevInbox, type DevSmsList } from '@prsp/contracts';
import {
  appointmentParticipants,
  appointments,
  bookingSettings,
  experts,
  jobs,
  organisations,
  outboxEmails,
  outboxSms,
  patientContacts,
  patients,
  services,
} from '../../db/schema';
import { createJobRunner, type JobRunner } from '../../platform/jobs/runner';
import { TestBrowser } from '../../test/http-client';
import { createStaffAccount, organisationId, postJson, staffBrowser } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { notifyBooked, notifyCancelled, notifyUpdated } from './booking-notifications.service';
import { parseIcs } from './booking-notifications.steps';
import { registerBookingReminders } from './booking-reminders';
import { bookingExpert } from './booking.steps';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let t: TestApp;
let browser: TestBrowser;
let espoo: string;
let serviceId: string;
let expert: { id: string; email: string };

beforeAll(async () => {
  t = await startTestApp();
  browser = new TestBrowser(t.baseUrl);
  espoo = await organisationId(t, 'espoo-demo');
  const [service] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.organisationId, espoo)).limit(1);
  serviceId = service!.id;
  const account = await createStaffAccount(t, {
    expertIn: 'espoo-demo',
    organisation: null,
    firstName: 'Anna',
    lastName: 'Asiantuntija',
    email: `anna-${randomBytes(4).toString('hex')}@test.example`,
  });
  const [row] = await t.database.db
    .update(experts)
    .set({ communicationLanguage: 'en' })
    .where(eq(experts.userId, account.id))
    .returning({ id: experts.id });
  expert = { id: row!.id, email: account.email };
});
afterAll(() => t.close());

const tag = () => randomBytes(4).toString('hex');

/** A patient who signed in, with contact details (e-mail and mobile come from there). */
async function signedInPatient(given: string, family: string, email: string, mobile: string): Promise<string> {
  const [p] = await t.database.db
    .insert(patients)
    .values({ ssnHash: `hash-${tag()}`, ssnEncrypted: 'x', givenName: given, familyName: family })
    .returning({ id: patients.id });
  await t.database.db.insert(patientContacts).values({
    patientId: p!.id,
    street: 'Katu 1',
    code: '02100',
    city: 'Espoo',
    mobile,
    email,
    country: 'FI',
    nationality: 'FI',
  });
  return p!.id;
}

type Appointment = { id: string; startsAt: Date; patientEmail: string; guestEmail: string; patientMobile: string; guestMobile: string };

/**
 * A reserved group appointment with the test expert (English), a signed-in patient (Finnish; e-mail and mobile from
 * the contact details) and a guest (Swedish; own e-mail and mobile), straight in the booking tables.
 */
async function bookedAppointment(startsAt: Date, minutes = 30): Promise<Appointment> {
  const k = tag();
  const patientEmail = `maija-${k}@test.example`;
  const guestEmail = `gustav-${k}@test.example`;
  // Numbers of their own, as given: the patient's in Finnish form, the guest's in Swedish international form.
  const digits = () => String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  const [p7, g7] = [digits(), digits()];
  const patientId = await signedInPatient('Maija', 'Meikäläinen', patientEmail, `040 ${p7.slice(0, 3)} ${p7.slice(3)}`);
  const [a] = await t.database.db
    .insert(appointments)
    .values({
      organisationId: espoo,
      expertId: expert.id,
      serviceId,
      name: 'Vastaanotto',
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
      type: 'group',
      status: 'booked',
      bookedAt: new Date(),
    })
    .returning({ id: appointments.id });
  await t.database.db.insert(appointmentParticipants).values([
    { appointmentId: a!.id, role: 'patient', patientId, name: 'Maija Meikäläinen', language: 'fi' },
    { appointmentId: a!.id, role: 'guest', name: 'Gustav Lindqvist', email: guestEmail, mobile: `+46 70 ${g7}`, language: 'se' },
  ]);
  return { id: a!.id, startsAt, patientEmail, guestEmail, patientMobile: `+35840${p7}`, guestMobile: `+4670${g7}` };
}

function deliverMail() {
  return t.app.jobs.runOnce({ kinds: ['mail.send'], limit: 50 });
}

async function inbox(to: string): Promise<CaughtEmail[]> {
  const res = await browser.fetch(`/api/dev/inbox?to=${encodeURIComponent(to)}`);
  const list = ((await res.json()) as { data: DevInbox }).data.messages;
  return Promise.all(list.map(async (m) => ((await (await browser.fetch(`/api/dev/inbox/${m.id}`)).json()) as { data: CaughtEmail }).data));
}

/** The one message to `to` and its calendar attachment, downloaded from the inbox as a browser would. */
async function onlyMessageWithIcs(to: string) {
  const messages = await inbox(to);
  expect(messages).toHaveLength(1);
  const m = messages[0]!;
  expect(m.attachments).toHaveLength(1);
  const res = await browser.fetch(`/dev/inbox/${m.id}/attachments/0`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="(invite|cancel)\.ics"/);
  return { message: m, ics: parseIcs(await res.text()) };
}

function smsTo(number: string) {
  return browser
    .fetch(`/api/dev/sms?to=${encodeURIComponent(number)}`)
    .then(async (r) => ((await r.json()) as { data: DevSmsList }).data.messages);
}

function reminderRunner(clock: () => Date): JobRunner {
  const runner = createJobRunner({ db: t.database.db, log: silent, now: clock });
  registerBookingReminders(runner, { db: t.database.db, smsEnabled: true, publicUrl: t.config.publicUrl, sender: t.config.mail.sender });
  return runner;
}

describe('a booked appointment', () => {
  let a: Appointment;
  const bookedAt = new Date();
  beforeAll(async () => {
    a = await bookedAppointment(new Date(Date.now() + 10 * DAY));
  });

  test('queues a confirmation with its invitation to every participant and the expert, and both reminders, in the same transaction', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await notifyBooked(tx, a.id, {
          publicUrl: t.config.publicUrl,
          sender: t.config.mail.sender,
          sendConfirmation: true,
          now: bookedAt,
        });
        throw new Error('the booking fails');
      }),
    ).rejects.toThrow('the booking fails');
    expect(await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, a.patientEmail))).toEqual([]);

    await t.database.db.transaction((tx) =>
      notifyBooked(tx, a.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, sendConfirmation: true, now: bookedAt }),
    );
    const queued = await t.database.db
      .select({ to: outboxEmails.toAddress, attachments: outboxEmails.attachments })
      .from(outboxEmails)
      .where(inArray(outboxEmails.toAddress, [a.patientEmail, a.guestEmail, expert.email]));
    expect(queued.map((q) => q.to).sort()).toEqual([a.patientEmail, a.guestEmail, expert.email].sort());
    expect(queued.every((q) => q.attachments?.[0]?.contentType === 'text/calendar; charset=utf-8; method=REQUEST')).toBe(true);

    const reminders = await t.database.db
      .select({ kind: jobs.kind, payload: jobs.payload, runAt: jobs.runAt, key: jobs.singletonKey })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, ['booking.reminderEmail', 'booking.reminderSms']),
          eq(jobs.singletonKey, `${a.id}:${a.startsAt.toISOString()}`),
        ),
      );
    expect(reminders.sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
      {
        kind: 'booking.reminderEmail',
        payload: { appointmentId: a.id, startsAt: a.startsAt.toISOString() },
        runAt: new Date(a.startsAt.getTime() - DAY),
        key: expect.any(String),
      },
      {
        kind: 'booking.reminderSms',
        payload: { appointmentId: a.id, startsAt: a.startsAt.toISOString() },
        runAt: new Date(a.startsAt.getTime() - HOUR),
        key: expect.any(String),
      },
    ]);
  });

  test('each gets the confirmation in their language over SMTP, with a METHOD:REQUEST invitation naming only them', async () => {
    await deliverMail();
    const fi = await onlyMessageWithIcs(a.patientEmail);
    expect(fi.message.subject).toMatch(/^Ajanvaraus vahvistettu \S+ \d+\.\d+\.\d{4} klo \d\d\.\d\d – Espoon etävastaanotto$/);
    expect(fi.message.text).toContain('Hei Maija Meikäläinen,');
    expect(fi.message.text).toContain('Asiantuntija: Anna Asiantuntija');
    expect(fi.message.text).toContain(`${t.baseUrl}/`);
    const se = await onlyMessageWithIcs(a.guestEmail);
    expect(se.message.subject).toMatch(/^Bokningen är bekräftad .* kl\. \d\d\.\d\d – Espoon etävastaanotto$/);
    expect(se.message.text).toContain('Hej Gustav Lindqvist,');
    const en = await onlyMessageWithIcs(expert.email);
    // The expert's own confirmation names who booked (issue 28), in the expert's language.
    expect(en.message.subject).toMatch(/^New appointment .* at \d\d:\d\d: Maija Meikäläinen – Espoon etävastaanotto$/);
    expect(en.message.text).toContain(`${t.baseUrl}/expert`);

    const start = a.startsAt
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    for (const [mail, address] of [
      [fi, a.patientEmail],
      [se, a.guestEmail],
      [en, expert.email],
    ] as const) {
      expect(mail.ics.calendar.METHOD?.[0]?.value).toBe('REQUEST');
      const e = mail.ics.events[0]!;
      expect(e.UID?.[0]?.value).toBe(`${a.id}@prsp`);
      expect(e.DTSTART?.[0]?.value).toBe(start);
      expect(e.ATTENDEE?.map((x) => x.value)).toEqual([`MAILTO:${address}`]);
      expect(e.ORGANIZER?.[0]?.value).toBe('mailto:no-reply@prsp.example');
    }
  });

  test('moved: everyone gets the updated invitation (same UID, higher SEQUENCE) and the reminders move with it', async () => {
    const before = (await onlyMessageWithIcs(a.patientEmail)).ics.events[0]!;
    const movedTo = new Date(a.startsAt.getTime() + 2 * HOUR);
    await t.database.db
      .update(appointments)
      .set({ startsAt: movedTo, endsAt: new Date(movedTo.getTime() + 30 * 60_000) })
      .where(eq(appointments.id, a.id));
    await t.database.db.transaction((tx) =>
      notifyUpdated(tx, a.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, now: new Date(bookedAt.getTime() + 60_000) }),
    );
    await deliverMail();
    const updated = (await inbox(a.patientEmail)).find((m) => m.subject.startsWith('Ajanvaraus muuttunut'))!;
    expect(updated.text).toContain('klo');
    const ics = parseIcs(await (await browser.fetch(`/dev/inbox/${updated.id}/attachments/0`)).text()).events[0]!;
    expect(ics.UID?.[0]?.value).toBe(before.UID?.[0]?.value);
    expect(Number(ics.SEQUENCE?.[0]?.value)).toBeGreaterThan(Number(before.SEQUENCE?.[0]?.value));
    expect(ics.DTSTART?.[0]?.value).toBe(
      movedTo
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    );
    expect((await inbox(a.guestEmail)).map((m) => m.subject.split(':')[0])).toContain('Bokningen har ändrats');
    expect((await inbox(expert.email)).some((m) => m.subject.startsWith('Appointment changed'))).toBe(true);
    const keys = await t.database.db
      .select({ key: jobs.singletonKey })
      .from(jobs)
      .where(and(eq(jobs.kind, 'booking.reminderEmail'), eq(jobs.state, 'queued')));
    expect(keys.map((k) => k.key)).toEqual(
      expect.arrayContaining([`${a.id}:${a.startsAt.toISOString()}`, `${a.id}:${movedTo.toISOString()}`]),
    );
    a.startsAt = movedTo;
  });

  test('cancelled: every participant and the expert get the cancellation with METHOD:CANCEL', async () => {
    await t.database.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: 'admin' })
      .where(eq(appointments.id, a.id));
    await t.database.db.transaction((tx) =>
      notifyCancelled(tx, a.id, {
        publicUrl: t.config.publicUrl,
        sender: t.config.mail.sender,
        now: new Date(bookedAt.getTime() + 120_000),
      }),
    );
    await deliverMail();
    for (const [address, subject] of [
      [a.patientEmail, 'Ajanvaraus peruttu'],
      // A guest cannot book: theirs is the guest's cancellation (issue 28).
      [a.guestEmail, 'Mottagningen har avbokats'],
      [expert.email, 'Appointment cancelled'],
    ] as const) {
      const m = (await inbox(address)).find((x) => x.subject.startsWith(subject));
      expect(m, address).toBeDefined();
      expect(m!.attachments).toEqual([
        { index: 0, filename: 'cancel.ics', contentType: expect.stringMatching(/^text\/calendar/), size: expect.any(Number) },
      ]);
      const ics = parseIcs(await (await browser.fetch(`/dev/inbox/${m!.id}/attachments/0`)).text());
      expect(ics.calendar.METHOD?.[0]?.value).toBe('CANCEL');
      expect(ics.events[0]!.UID?.[0]?.value).toBe(`${a.id}@prsp`);
      expect(ics.events[0]!.STATUS?.[0]?.value).toBe('CANCELLED');
    }
  });

  test('a booking without a confirmation still gets its reminders', async () => {
    const b = await bookedAppointment(new Date(Date.now() + 11 * DAY));
    await t.database.db.transaction((tx) =>
      notifyBooked(tx, b.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, sendConfirmation: false }),
    );
    expect(await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, b.patientEmail))).toEqual([]);
    const queued = await t.database.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(eq(jobs.singletonKey, `${b.id}:${b.startsAt.toISOString()}`));
    expect(queued.map((q) => q.kind).sort()).toEqual(['booking.reminderEmail', 'booking.reminderSms']);
  });
});

describe('reminders', () => {
  test('the e-mail goes 24 h before and the SMS 1 h before, to the patient and the guest only, each once', async () => {
    const a = await bookedAppointment(new Date(Date.now() + 20 * DAY));
    await t.database.db.transaction((tx) =>
      notifyBooked(tx, a.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, sendConfirmation: false }),
    );
    let clock = new Date(a.startsAt.getTime() - DAY - 60_000);
    const runner = reminderRunner(() => clock);
    const reminderMails = () =>
      t.database.db
        .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject })
        .from(outboxEmails)
        .where(inArray(outboxEmails.toAddress, [a.patientEmail, a.guestEmail]));
    const expertReminders = async () =>
      (
        await t.database.db.select({ subject: outboxEmails.subject }).from(outboxEmails).where(eq(outboxEmails.toAddress, expert.email))
      ).filter((m) => m.subject.startsWith('Reminder'));

    // A minute early: nothing of this appointment is due.
    await runner.runOnce({ kinds: ['booking.reminderEmail'], limit: 50 });
    expect(await reminderMails()).toEqual([]);

    clock = new Date(a.startsAt.getTime() - DAY + 1000);
    await runner.runOnce({ kinds: ['booking.reminderEmail'], limit: 50 });
    const mails = await reminderMails();
    expect(mails.map((m) => m.to).sort()).toEqual([a.guestEmail, a.patientEmail].sort());
    expect(mails.find((m) => m.to === a.patientEmail)!.subject).toMatch(
      /^Muistutus: ajanvaraus .* klo \d\d\.\d\d – Espoon etävastaanotto$/,
    );
    expect(mails.find((m) => m.to === a.guestEmail)!.subject).toMatch(/^Påminnelse: bokning /);
    expect(await expertReminders()).toEqual([]);
    await deliverMail();
    expect((await inbox(a.patientEmail))[0]!.text).toContain('muistutamme huomisesta ajanvarauksesta');

    // Run again (a runner that died after its work was done): no second reminder.
    const key = `${a.id}:${a.startsAt.toISOString()}`;
    await t.database.db
      .update(jobs)
      .set({ state: 'queued', finishedAt: null })
      .where(and(eq(jobs.kind, 'booking.reminderEmail'), eq(jobs.singletonKey, key)));
    await runner.runOnce({ kinds: ['booking.reminderEmail'], limit: 50 });
    expect(await reminderMails()).toHaveLength(2);
    // The reminder says how the appointment is held, in each reader's language (issue 29); a chat has no device check.
    const reminderTexts = await t.database.db
      .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject, text: outboxEmails.text })
      .from(outboxEmails)
      .where(inArray(outboxEmails.toAddress, [a.patientEmail, a.guestEmail]));
    const reminderTo = (to: string) => reminderTexts.find((m) => m.to === to && /^(Muistutus|Påminnelse)/.test(m.subject))!.text;
    expect(reminderTo(a.patientEmail)).toContain('Vastaanottotapa: ryhmächat\n');
    expect(reminderTo(a.guestEmail)).toContain('Mottagningsform: gruppchatt\n');
    expect(reminderTexts.every((m) => !m.text.includes('device-check'))).toBe(true);

    // The SMS is not due 24 h before, but is 1 h before; then it goes through the gateway client to the sink.
    expect(
      await t.database.db
        .select()
        .from(outboxSms)
        .where(inArray(outboxSms.toNumber, [a.patientMobile, a.guestMobile])),
    ).toEqual([]);
    clock = new Date(a.startsAt.getTime() - HOUR + 1000);
    await runner.runOnce({ kinds: ['booking.reminderSms'], limit: 50 });
    const sms = await t.database.db
      .select({ to: outboxSms.toNumber, text: outboxSms.text, status: outboxSms.status })
      .from(outboxSms)
      .where(inArray(outboxSms.toNumber, [a.patientMobile, a.guestMobile]));
    expect(sms.map((s) => s.to).sort()).toEqual([a.guestMobile, a.patientMobile].sort());
    expect(await t.app.jobs.runOnce({ kinds: ['sms.send'], limit: 50 })).toMatchObject({ failed: 0, retried: 0 });
    const fi = await smsTo(a.patientMobile);
    expect(fi).toHaveLength(1);
    expect(fi[0]).toMatchObject({ to: a.patientMobile, from: 'PRSP' });
    expect(fi[0]!.text).toMatch(
      /^Muistutus: etävastaanotto \(ryhmächat\) .* klo \d\d\.\d\d \(.*, Espoon etävastaanotto\)\. Kirjaudu palveluun: http/,
    );
    expect(fi[0]!.text).not.toContain('Maija');
    expect((await smsTo(a.guestMobile))[0]!.text).toMatch(/^Påminnelse: distansmottagning \(gruppchatt\) /);
    const [sent] = await t.database.db.select({ status: outboxSms.status }).from(outboxSms).where(eq(outboxSms.toNumber, a.patientMobile));
    expect(sent!.status).toBe('sent');
  });

  test('a cancelled, moved or already started appointment gets no reminder, nor one whose reminders are turned off', async () => {
    const cancelled = await bookedAppointment(new Date(Date.now() + 30 * DAY));
    const moved = await bookedAppointment(new Date(Date.now() + 31 * DAY));
    const smsOff = await bookedAppointment(new Date(Date.now() + 40 * DAY));
    for (const x of [cancelled, moved, smsOff])
      await t.database.db.transaction((tx) =>
        notifyBooked(tx, x.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, sendConfirmation: false }),
      );

    await t.database.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, cancelled.id));
    const movedTo = new Date(moved.startsAt.getTime() + 2 * DAY);
    await t.database.db
      .update(appointments)
      .set({ startsAt: movedTo, endsAt: new Date(movedTo.getTime() + 30 * 60_000) })
      .where(eq(appointments.id, moved.id));
    await t.database.db.transaction((tx) => notifyUpdated(tx, moved.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender }));
    const updates = await t.database.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, moved.patientEmail));

    let clock = new Date(cancelled.startsAt.getTime() - HOUR + 1000);
    const runner = reminderRunner(() => clock);
    await runner.runOnce({ kinds: ['booking.reminderEmail', 'booking.reminderSms'], limit: 50 });
    clock = new Date(moved.startsAt.getTime() - HOUR + 1000);
    await runner.runOnce({ kinds: ['booking.reminderEmail', 'booking.reminderSms'], limit: 50 });

    const mailsTo = (x: Appointment) =>
      t.database.db.select({ id: outboxEmails.id }).from(outboxEmails).where(eq(outboxEmails.toAddress, x.patientEmail));
    const smsTo_ = (x: Appointment) =>
      t.database.db.select({ id: outboxSms.id }).from(outboxSms).where(eq(outboxSms.toNumber, x.patientMobile));
    expect(await mailsTo(cancelled)).toEqual([]);
    // The old-time jobs ran and did nothing: only the update e-mail is there.
    expect(await mailsTo(moved)).toEqual(updates);
    const oldJobs = await t.database.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(eq(jobs.singletonKey, `${moved.id}:${moved.startsAt.toISOString()}`));
    expect(oldJobs.map((j) => j.state)).toEqual(['done', 'done']);
    // At the new time the moved appointment's reminders do go.
    clock = new Date(movedTo.getTime() - HOUR + 1000);
    await runner.runOnce({ kinds: ['booking.reminderEmail', 'booking.reminderSms'], limit: 50 });
    expect(await mailsTo(moved)).toHaveLength(updates.length + 1);

    // SMS reminders off for the organisation: the e-mail goes, the SMS does not; no row at all means both on.
    await t.database.db
      .insert(bookingSettings)
      .values({ organisationId: espoo, infoText: { fi: '', se: '', en: '' }, reminderEmail: true, reminderSms: false })
      .onConflictDoUpdate({ target: bookingSettings.organisationId, set: { reminderSms: false } });
    clock = new Date(smsOff.startsAt.getTime() - HOUR + 1000);
    await runner.runOnce({ kinds: ['booking.reminderEmail', 'booking.reminderSms'], limit: 50 });
    expect(await mailsTo(smsOff)).toHaveLength(1);
    expect(await smsTo_(smsOff)).toEqual([]);
    await t.database.db.delete(bookingSettings).where(eq(bookingSettings.organisationId, espoo));

    // A reminder whose job runs only after the start (the service was down) does nothing.
    const late = await bookedAppointment(new Date(Date.now() + 45 * DAY));
    await t.database.db.transaction((tx) =>
      notifyBooked(tx, late.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, sendConfirmation: false }),
    );
    clock = new Date(late.startsAt.getTime() + 60_000);
    await runner.runOnce({ kinds: ['booking.reminderEmail', 'booking.reminderSms'], limit: 50 });
    expect(await mailsTo(late)).toEqual([]);
    expect(await smsTo_(late)).toEqual([]);
  });

  test('no reminder is scheduled whose time has passed: booked 2 hours ahead, only the SMS', async () => {
    const soon = await bookedAppointment(new Date(Date.now() + 2 * HOUR));
    await t.database.db.transaction((tx) =>
      notifyBooked(tx, soon.id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, sendConfirmation: false }),
    );
    const queued = await t.database.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(eq(jobs.singletonKey, `${soon.id}:${soon.startsAt.toISOString()}`));
    expect(queued.map((q) => q.kind)).toEqual(['booking.reminderSms']);
  });
});

describe('through the admin booking routes', () => {
  test('an admin books with a confirmation and cancels: the patient gets both e-mails with their .ics', async () => {
    const admin = await staffBrowser(t, { preset: 'booker' });
    const other = await bookingExpert(t, espoo, 'physiotherapist');
    const email = `aino-${tag()}@test.example`;
    const created = await postJson(admin, '/api/admin/bookings/create', {
      kind: 'oneOnOne',
      expertId: other.id,
      date: localDateAt(new Date(Date.now() + 12 * DAY)),
      startTime: '09:00',
      durationMinutes: 45,
      sendConfirmation: true,
      patient: { ssn: '010190-124N', firstName: 'Aino', lastName: 'Virtanen', email, language: 'en', nationality: 'FI' },
    });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    await deliverMail();
    const booked = await onlyMessageWithIcs(email);
    expect(booked.message.subject).toMatch(/^Appointment confirmed .* at 09:00 – Espoon etävastaanotto$/);
    expect(booked.message.text).toContain('Hello Aino Virtanen,');
    expect(booked.message.text).toContain('09:00–09:45 (45 min)');
    expect(booked.ics.events[0]!.UID?.[0]?.value).toBe(`${id}@prsp`);
    expect((await inbox(other.email))[0]!.subject).toMatch(/^Uusi ajanvaraus .* klo 09\.00: Aino Virtanen – /);

    expect((await postJson(admin, `/api/admin/bookings/${id}/cancel`)).status).toBe(200);
    await deliverMail();
    const cancelled = (await inbox(email)).find((m) => m.subject.startsWith('Appointment cancelled'))!;
    const ics = parseIcs(await (await browser.fetch(`/dev/inbox/${cancelled.id}/attachments/0`)).text());
    expect(ics.calendar.METHOD?.[0]?.value).toBe('CANCEL');
    expect(ics.events[0]!.UID?.[0]?.value).toBe(`${id}@prsp`);
  });
});

describe("the organisation's own sender and names per language (issue 28)", () => {
  test("the invitation names the organisation in the reader's language, and its organiser is the mail's sender", async () => {
    const own = { nameSe: 'Esbo distansmottagning', senderName: 'Esbo vård', senderAddress: 'vard@esbo.example' };
    await t.database.db.update(organisations).set(own).where(eq(organisations.id, espoo));
    try {
      const a = await bookedAppointment(new Date(Date.now() + 12 * DAY));
      await t.database.db.transaction((tx) =>
        notifyBooked(tx, a.id, { publicUrl: t.config.publicUrl, sendConfirmation: true, sender: t.config.mail.sender }),
      );
      await deliverMail();
      const se = await onlyMessageWithIcs(a.guestEmail);
      expect(se.message.from).toContain('vard@esbo.example');
      const event = se.ics.events[0]!;
      expect(event.SUMMARY?.[0]?.value).toMatch(/ – Esbo distansmottagning$/);
      expect(event.ORGANIZER?.[0]).toEqual({ params: { CN: '"Esbo vård"' }, value: 'mailto:vard@esbo.example' });
      const fi = await onlyMessageWithIcs(a.patientEmail);
      expect(fi.ics.events[0]!.SUMMARY?.[0]?.value).toMatch(/ – Espoon etävastaanotto$/);
    } finally {
      await t.database.db
        .update(organisations)
        .set({ nameSe: null, senderName: null, senderAddress: null })
        .where(eq(organisations.id, espoo));
    }
  });
});
