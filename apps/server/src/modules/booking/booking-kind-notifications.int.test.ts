import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDateAt, localDateTimeAt, type AppointmentDetail, type AppointmentRow, type Page } from '@prsp/contracts';
import { type TestBrowser } from '../../test/http-client';
import { AINO } from '../../test/person-codes';
import { emailsTo, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { parseIcs } from './booking-notifications.steps';
import { bookingExpert, minutesFromNow, serviceIdOf } from './booking.steps';

let t: TestApp;
let espoo: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
  admin = await staffBrowser(t, { preset: 'booker' });
});
afterAll(() => t.close());

async function data<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status }).toEqual({ http: 200, status: 'ok' });
  return body.data as T;
}

/**
 * Opens one time of a new expert for the service (its own kind) `days` ahead, and the admin books it for a patient
 * in `language` with a confirmation: the patient's e-mail and its invitation.
 */
async function bookedOpenTime(slug: string, days: number, email: string, language: 'fi' | 'se' | 'en') {
  const expert = await bookingExpert(t, espoo, 'generalPractitioner');
  const serviceId = await serviceIdOf(t, espoo, slug);
  const date = localDateAt(minutesFromNow(days * 24 * 60));
  const plan = { expertIds: [expert.id], from: date, to: date, weekdays: [1, 2, 3, 4, 5, 6, 7], dayStart: '10:00', dayEnd: '10:30' };
  await data(postJson(admin, '/api/admin/bookings/timeslots/open', { ...plan, slotMinutes: 30, breaks: [], serviceId }));
  const open = await data<Page<AppointmentRow>>(admin.fetch(`/api/admin/bookings/list?expertId=${expert.id}&status=open`));
  const slot = open.items[0]!;
  const patient = { ssn: AINO, firstName: 'Maija', lastName: 'Meikäläinen', email, language, nationality: 'FI' };
  const booked = await data<AppointmentDetail>(
    postJson(admin, '/api/admin/bookings/create', {
      kind: 'oneOnOne',
      timeslotId: slot.id,
      expertId: expert.id,
      date,
      startTime: localDateTimeAt(slot.startTime).time,
      durationMinutes: 30,
      sendConfirmation: true,
      patient,
    }),
  );
  const [mail] = await emailsTo(t, email);
  const attachment = mail!.attachments![0]!;
  const ics = parseIcs(Buffer.from(attachment.contentBase64, 'base64').toString('utf8')).events[0]!;
  /** An iCalendar text value as written: commas, semicolons and backslashes escaped. */
  const unescape = (v: string | undefined) => v?.replace(/\\([,;\\])/g, '$1').replace(/\\n/g, '\n');
  return { booked, mail: mail!, summary: unescape(ics.SUMMARY?.[0]?.value), description: unescape(ics.DESCRIPTION?.[0]?.value) };
}

describe('the kind of an appointment in its e-mail and calendar entry (issue 29)', () => {
  test('a video time booked into stays video; the confirmation and .ics say video, name the service and link the device check', async () => {
    const { booked, mail, summary, description } = await bookedOpenTime('doctor', 12, 'maija.video@test.example', 'fi');
    expect(booked).toMatchObject({ video: true, service: { name: { fi: 'Lääkärin vastaanotto' } } });
    expect(mail.text).toContain('Palvelu: Lääkärin vastaanotto\nVastaanottotapa: video\n');
    expect(mail.text).toContain(`Testaa laitteesi etukäteen: ${t.config.publicUrl.replace(/\/+$/, '')}/device-check`);
    expect(mail.html).toContain(`<a href="${t.config.publicUrl.replace(/\/+$/, '')}/device-check">`);
    expect(summary).toBe('Lääkärin vastaanotto (video) – Espoon etävastaanotto');
    expect(description).toContain('Etävastaanotto (video)');
    expect(description).toContain('Testaa laitteesi etukäteen:');
    expect(description).toContain('/device-check');
  });

  test("a chat time says chat in the reader's language, and has no device check line", async () => {
    const { booked, mail, summary, description } = await bookedOpenTime('nurse', 13, 'maja.chat@test.example', 'se');
    expect(booked.video).toBe(false);
    expect(mail.text).toContain('Tjänst: Sjukskötarens chatt\nMottagningsform: chatt\n');
    expect(mail.text).not.toContain('device-check');
    expect(mail.html).not.toContain('<p></p>');
    expect(summary).toBe('Sjukskötarens chatt (chatt) – Espoon etävastaanotto');
    expect(description).toContain('Distansmottagning (chatt)');
    expect(description).not.toContain('device-check');
  });
});
