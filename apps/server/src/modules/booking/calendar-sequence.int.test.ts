import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localDateAt, type AppointmentDetail } from '@prsp/contracts';
import { appointments } from '../../db/schema';
import { createJobRunner, type JobRunner } from '../../platform/jobs/runner';
import { registerMailDelivery } from '../../platform/mail/outbox-delivery';
import { AINO } from '../../test/person-codes';
import { postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestBrowser } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { notifyUpdated } from './booking-notifications.service';
import { bookingExpert, minutesFromNow } from './booking.steps';

// Issue 30: calendar clients apply an update only when its SEQUENCE is higher than the one they have. The messages
// are read as a calendar client would: the MIME that nodemailer makes from the outbox, parsed by mailparser, and the
// iCalendar parsed by ical.js — none of them code of ours.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let espoo: string;
let admin: TestBrowser;
let runner: JobRunner;
/** Every message delivery sent, as the raw MIME the SMTP server would have received. */
const sent: Buffer[] = [];

beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
  admin = await staffBrowser(t, { preset: 'booker' });
  // The real delivery job with a transport that composes the message and keeps it instead of sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  runner = createJobRunner({ db: t.database.db, log: silent });
  registerMailDelivery(runner, {
    db: t.database.db,
    transport: {
      async sendMail(message) {
        const info = await composer.sendMail(message);
        sent.push(info.message as Buffer);
        return info;
      },
    },
  });
});
afterAll(() => t.close());

type Mail = { raw: string; parsed: ParsedMail };

/** Delivers what is queued, then every message sent so far to `address`. */
async function mailTo(address: string): Promise<Mail[]> {
  await runner.runOnce({ kinds: ['mail.send'], limit: 50 });
  const all = await Promise.all(sent.map(async (b) => ({ raw: b.toString('utf8'), parsed: await simpleParser(b) })));
  return all.filter((m) => [m.parsed.to].flat().some((to) => to?.value.some((v) => v.address === address)));
}

type Invitation = { method: string; uid: string; sequence: number; start: number; stamp: number };

/** An iCalendar object read by ical.js: its METHOD and its one event. */
function readInvitation(text: string): Invitation {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().getTime(),
    stamp: (vevent.getFirstPropertyValue('dtstamp') as { toJSDate(): Date }).toJSDate().getTime(),
  };
}

/**
 * The message's invitation: the .ics attachment and the inline calendar part, which must say the same. The inline
 * part sits in multipart/alternative beside the text and the HTML, without a Content-Disposition, and names the method.
 */
function invitationIn(mail: Mail): Invitation {
  const calendars = mail.parsed.attachments.filter((a) => a.contentType === 'text/calendar');
  const file = calendars.find((a) => a.filename === 'invite.ics' || a.filename === 'cancel.ics');
  const inline = calendars.find((a) => !a.headers.has('content-disposition'));
  expect(file, 'the .ics attachment').toBeDefined();
  expect(inline, 'the inline calendar part').toBeDefined();
  const fileText = file!.content.toString('utf8');
  const inlineText = inline!.content.toString('utf8');
  const invitation = readInvitation(fileText);
  expect(inline!.headers.get('content-type')).toMatchObject({ value: 'text/calendar', params: { method: invitation.method } });
  expect(inlineText).toBe(fileText);

  const boundary = /Content-Type: multipart\/alternative;\s+boundary="([^"]+)"/.exec(mail.raw)?.[1];
  expect(boundary, 'a multipart/alternative body').toBeDefined();
  const alternative = mail.raw.slice(mail.raw.indexOf(`--${boundary}\r\n`), mail.raw.indexOf(`--${boundary}--`));
  for (const type of ['text/plain', 'text/html', `text/calendar; charset=utf-8; method=${invitation.method}`])
    expect(alternative).toContain(`Content-Type: ${type}`);
  return invitation;
}

test('booked and moved at once, then cancelled: each invitation has a higher SEQUENCE, inline and attached, and every mail is automatic', async () => {
  const expert = await bookingExpert(t, espoo, 'physiotherapist');
  const email = `calendar-${Date.now()}@test.example`;
  const startsAt = minutesFromNow(12 * 24 * 60);
  const body = (startTime: string) => ({
    kind: 'oneOnOne',
    expertId: expert.id,
    date: localDateAt(startsAt),
    startTime,
    durationMinutes: 30,
    sendConfirmation: true,
    patient: { ssn: AINO, firstName: 'Aino', lastName: 'Virtanen', email, language: 'fi', nationality: 'FI' },
  });

  // Booked and moved straight after, well within one second: the old SEQUENCE (seconds since 2020) was the same.
  const bookedRes = await postJson(admin, '/api/admin/bookings/create', body('09:00'));
  expect(bookedRes.status).toBe(200);
  const booked = ((await bookedRes.json()) as { data: AppointmentDetail }).data;
  const moved = (
    (await (await postJson(admin, `/api/admin/bookings/${booked.id}/update`, body('15:30'))).json()) as { data: AppointmentDetail }
  ).data;
  expect(moved.startTime).toBeGreaterThan(booked.startTime);

  for (const address of [email, expert.email]) {
    const requests = (await mailTo(address)).map(invitationIn).sort((a, b) => a.sequence - b.sequence);
    expect(requests.map((r) => r.method)).toEqual(['REQUEST', 'REQUEST']);
    const [first, second] = requests as [Invitation, Invitation];
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBeGreaterThan(first.sequence);
    // The higher SEQUENCE carries the new time, so a calendar that applies it keeps the right one.
    expect(first.start).toBe(booked.startTime);
    expect(second.start).toBe(moved.startTime);
    expect(second.stamp).toBeGreaterThanOrEqual(first.stamp);
  }

  expect((await postJson(admin, `/api/admin/bookings/${booked.id}/cancel`)).status).toBe(200);
  for (const address of [email, expert.email]) {
    const all = (await mailTo(address)).map(invitationIn);
    const cancel = all.find((i) => i.method === 'CANCEL')!;
    expect(cancel).toBeDefined();
    expect(cancel.sequence).toBeGreaterThan(Math.max(...all.filter((i) => i.method === 'REQUEST').map((i) => i.sequence)));
  }

  // RFC 3834: every automatic e-mail says so, so auto-responders do not answer it.
  expect(sent.length).toBeGreaterThanOrEqual(6);
  for (const raw of sent) expect((await simpleParser(raw)).headers.get('auto-submitted')).toBe('auto-generated');
});

test('two changes made at the very same instant still get increasing SEQUENCEs, the later one with the later time', async () => {
  const expert = await bookingExpert(t, espoo, 'physiotherapist');
  const email = `same-instant-${Date.now()}@test.example`;
  const startsAt = minutesFromNow(14 * 24 * 60);
  const created = await postJson(admin, '/api/admin/bookings/create', {
    kind: 'oneOnOne',
    expertId: expert.id,
    date: localDateAt(startsAt),
    startTime: '10:00',
    durationMinutes: 30,
    sendConfirmation: false,
    patient: { ssn: AINO, firstName: 'Aino', lastName: 'Virtanen', email, language: 'fi', nationality: 'FI' },
  });
  const { id, startTime } = ((await created.json()) as { data: AppointmentDetail }).data;

  // One clock for both changes: what a time-based SEQUENCE could not tell apart.
  const at = new Date();
  const times = [startTime + 60 * 60_000, startTime + 2 * 60 * 60_000];
  for (const start of times) {
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(appointments)
        .set({ startsAt: new Date(start), endsAt: new Date(start + 30 * 60_000) })
        .where(eq(appointments.id, id));
      await notifyUpdated(tx, id, { publicUrl: t.config.publicUrl, sender: t.config.mail.sender, now: at });
    });
  }
  const [first, second] = (await mailTo(email)).map(invitationIn).sort((a, b) => a.sequence - b.sequence) as [Invitation, Invitation];
  expect(second.stamp).toBe(first.stamp);
  expect(second.sequence).toBeGreaterThan(first.sequence);
  expect([first.start, second.start]).toEqual(times);
});
