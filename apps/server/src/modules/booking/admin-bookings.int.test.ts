import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  localDateAt,
  localDateTimeAt,
  type AppointmentDetail,
  type AppointmentRow,
  type BookingService,
  type BookingSettings,
  type Page,
  type Timeslot,
  type TimeslotPreview,
  type TimeslotsOpened,
} from '@prsp/contracts';
import { appointmentParticipants, appointments, expertBreaks, services } from '../../db/schema';
import { AINO, ELIAS, SARA } from '../../test/person-codes';
import { emailsTo, fieldKeys, postJson, staffBrowser, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import { TestBrowser } from '../../test/http-client';
import { createSession } from '../../platform/session/sessions.service';
import { onboard, signedIn } from '../patients/patient.steps';
import type { TestApp } from '../../test/test-app';
import { bookingExpert, daysAheadAt, minutesFromNow, openSlots, serviceIdOf } from './booking.steps';

let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t, { preset: 'booker' });
});
afterAll(() => t.close());

const DAY = 24 * 60;
const dateIn = (days: number) => localDateAt(minutesFromNow(days * DAY));

async function data<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status }).toEqual({ http: 200, status: 'ok' });
  return body.data as T;
}
async function refused(res: Promise<Response>, http: number, statusCode: number) {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, statusCode: body.statusCode }).toEqual({ http, statusCode });
  return body as { fields?: { field: string; messageKey: string }[] };
}

const NAMES: Record<string, [string, string]> = { [AINO]: ['Aino', 'Virtanen'], [SARA]: ['Sara', 'Lindholm'] };
const patient = (ssn = AINO) => {
  const [firstName, lastName] = NAMES[ssn] ?? ['Aino', 'Virtanen'];
  return { ssn, firstName, lastName, email: `${firstName.toLowerCase()}@test.example`, language: 'fi', nationality: 'FI' };
};
const oneOnOne = (expertId: string, over: Record<string, unknown> = {}) => ({
  kind: 'oneOnOne',
  expertId,
  date: dateIn(10),
  startTime: '09:00',
  durationMinutes: 45,
  sendConfirmation: true,
  patient: patient(),
  ...over,
});

describe('admin bookings (spec §5 Appointment (admin))', () => {
  test('generate: the preview opens nothing; confirming opens the slots; what stands there already is a conflict', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const plan = {
      expertIds: [expert.id],
      from: dateIn(20),
      to: dateIn(26),
      weekdays: [1, 2, 3, 4, 5],
      dayStart: '08:00',
      dayEnd: '10:00',
      slotMinutes: 30,
      breaks: [{ start: '09:00', end: '09:30' }],
      serviceId: await serviceIdOf(t, espoo, 'nurse'),
    };
    const preview = await data<TimeslotPreview>(postJson(admin, '/api/admin/bookings/timeslots/preview', plan));
    expect(preview.slots).toHaveLength(5 * 3);
    expect(preview.conflicts).toBe(0);
    expect(await t.database.db.select().from(appointments).where(eq(appointments.expertId, expert.id))).toEqual([]);

    // Something already on the first slot of the first day: that slot is a conflict, the rest open.
    const first = preview.slots[0]!;
    await openSlots(t, espoo, expert.id, [new Date(first.startTime)]);
    const again = await data<TimeslotPreview>(postJson(admin, '/api/admin/bookings/timeslots/preview', plan));
    expect(again).toMatchObject({ conflicts: 1 });
    expect(again.slots).toHaveLength(14);
    const opened = await data<TimeslotsOpened>(postJson(admin, '/api/admin/bookings/timeslots/open', plan));
    expect(opened).toEqual({ created: 14, skipped: 1 });
    const list = await data<Page<AppointmentRow>>(admin.fetch(`/api/admin/bookings/list?expertId=${expert.id}&status=open&pageSize=100`));
    expect(list.total).toBe(15);

    const bad = await refused(
      postJson(admin, '/api/admin/bookings/timeslots/preview', { ...plan, from: dateIn(-2), dayEnd: '07:00' }),
      400,
      400,
    );
    expect(fieldKeys(bad as never)).toMatchObject({ from: 'fields.pastDate', dayEnd: 'fields.beforeStart' });
    const other = await bookingExpert(t, kaarina, 'physiotherapist');
    const foreign = await refused(postJson(admin, '/api/admin/bookings/timeslots/preview', { ...plan, expertIds: [other.id] }), 400, 400);
    expect(fieldKeys(foreign as never)).toEqual({ 'expertIds.0': 'fields.expert' });
  });

  test("a booker without the service settings right lists the organisation's services with their open-time kind", async () => {
    const offered = await data<BookingService[]>(admin.fetch('/api/admin/bookings/services'));
    expect(Object.fromEntries(offered.map((s) => [s.name.en, s.openTimeKind]))).toEqual({
      'Nurse chat': 'chat',
      'Doctor appointment': 'video',
      Physiotherapist: 'chat',
    });
    expect((await admin.fetch('/api/admin/services/list')).status).toBe(403);
  });

  test("generate: open times belong to a service (none, or another organisation's, is a field error) and carry its kind", async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const plan = {
      expertIds: [expert.id],
      from: dateIn(40),
      to: dateIn(40),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      dayStart: '08:00',
      dayEnd: '09:00',
      slotMinutes: 30,
      breaks: [],
    };
    for (const path of ['preview', 'open']) {
      const none = await refused(postJson(admin, `/api/admin/bookings/timeslots/${path}`, plan), 400, 400);
      expect(fieldKeys(none as never)).toEqual({ serviceId: 'fields.required' });
      const foreign = await refused(
        postJson(admin, `/api/admin/bookings/timeslots/${path}`, { ...plan, serviceId: await serviceIdOf(t, kaarina, 'therapy') }),
        400,
        400,
      );
      expect(fieldKeys(foreign as never)).toEqual({ serviceId: 'fields.invalid' });
    }
    const slots = () => t.database.db.select().from(appointments).where(eq(appointments.expertId, expert.id));
    expect(await slots()).toEqual([]);

    // The doctor's service makes video times (its kind), the nurse's chats; the admin's pick wins over the service's.
    const doctor = await serviceIdOf(t, espoo, 'doctor');
    await t.database.db.update(services).set({ openTimeKind: 'video' }).where(eq(services.id, doctor));
    expect(await data<TimeslotsOpened>(postJson(admin, '/api/admin/bookings/timeslots/open', { ...plan, serviceId: doctor }))).toEqual({
      created: 2,
      skipped: 0,
    });
    expect((await slots()).map((s) => [s.type, s.serviceId, s.status])).toEqual([
      ['basic', doctor, 'open'],
      ['basic', doctor, 'open'],
    ]);
    const list = await data<Page<AppointmentRow>>(admin.fetch(`/api/admin/bookings/list?expertId=${expert.id}&status=open`));
    expect(list.items.map((r) => r.video)).toEqual([true, true]);

    const nurse = await serviceIdOf(t, espoo, 'nurse');
    const later = { ...plan, from: dateIn(41), to: dateIn(41) };
    await data(postJson(admin, '/api/admin/bookings/timeslots/open', { ...later, serviceId: nurse, kind: 'video' }));
    await data(postJson(admin, '/api/admin/bookings/timeslots/open', { ...later, dayStart: '09:00', dayEnd: '10:00', serviceId: nurse }));
    const nurseTypes = (await slots()).filter((s) => s.serviceId === nurse).sort((a, b) => +a.startsAt - +b.startsAt);
    expect(nurseTypes.map((s) => s.type)).toEqual(['basic', 'basic', 'oneOnOne', 'oneOnOne']);
  });

  test('create one-to-one at a free time; 422 on overlap, 423 in the past, 105 for an identity code, field errors', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const created = await data<AppointmentDetail>(postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id)));
    expect(created).toMatchObject({ kind: 'oneOnOne', status: 'booked', duration: 45, patientName: 'Aino Virtanen', participantCount: 1 });
    expect(created.participants).toEqual([
      expect.objectContaining({ role: 'patient', ssn: AINO, email: 'aino@test.example', nationality: 'fi' }),
    ]);

    await refused(
      postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id, { startTime: '09:30', patient: patient(SARA) })),
      409,
      422,
    );
    await refused(postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id, { date: dateIn(-1) })), 400, 423);
    const badSsn = await refused(
      postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id, { patient: patient('010190-1240') })),
      400,
      105,
    );
    expect(fieldKeys(badSsn as never)).toEqual({ 'patient.ssn': 'fields.ssn' });
    const noPatient = await refused(
      postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id, { patient: null, startTime: '12:00' })),
      400,
      400,
    );
    expect(fieldKeys(noPatient as never)).toEqual({ patient: 'fields.required' });
    const badEmail = await refused(
      postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id, { patient: { ...patient(), email: 'nope', nationality: '' } })),
      400,
      400,
    );
    expect(fieldKeys(badEmail as never)).toMatchObject({ 'patient.email': 'fields.email', 'patient.nationality': 'fields.required' });
    const otherOrg = await bookingExpert(t, kaarina, 'physiotherapist');
    const foreign = await refused(postJson(admin, '/api/admin/bookings/create', oneOnOne(otherOrg.id)), 400, 400);
    expect(fieldKeys(foreign as never)).toEqual({ expertId: 'fields.expert' });

    // A break of the expert is taken too.
    const startsAt = minutesFromNow(11 * DAY);
    await t.database.db
      .insert(expertBreaks)
      .values({ organisationId: espoo, expertId: expert.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) });
    const inBreak = localDateAt(startsAt);
    const hhmm = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Helsinki',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(startsAt);
    await refused(postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id, { date: inBreak, startTime: hhmm })), 409, 422);
  });

  test('book an open timeslot; edit; cancel; delete only open or cancelled; the list filters and the CSV', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const startsAt = minutesFromNow(12 * DAY);
    const [slot] = await openSlots(t, espoo, expert.id, [startsAt]);
    const day = localDateAt(startsAt);
    const free = await data<Timeslot[]>(admin.fetch(`/api/admin/bookings/timeslots?date=${day}&expertId=${expert.id}`));
    expect(free.map((s) => s.id)).toEqual([slot]);
    const booked = await data<AppointmentDetail>(
      postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id, { timeslotId: slot, patient: patient(SARA) })),
    );
    expect(booked).toMatchObject({ id: slot, status: 'booked', startTime: startsAt.getTime() });
    expect(await data<Timeslot[]>(admin.fetch(`/api/admin/bookings/timeslots?date=${day}&expertId=${expert.id}`))).toEqual([]);
    await refused(postJson(admin, '/api/admin/bookings/create', oneOnOne(expert.id, { timeslotId: slot })), 409, 422);

    const edited = await data<AppointmentDetail>(
      postJson(
        admin,
        `/api/admin/bookings/${slot}/update`,
        oneOnOne(expert.id, { date: dateIn(13), startTime: '14:00', durationMinutes: 60, patient: patient(SARA) }),
      ),
    );
    expect(edited).toMatchObject({ duration: 60, participantCount: 1 });
    await refused(
      admin.fetch(`/api/admin/bookings/${slot}`, { method: 'DELETE', headers: { 'x-csrf-token': admin.cookie('prsp_csrf')! } }),
      403,
      403,
    );

    // Filters: by patient name and by identity code, by status, by expert, by date.
    const byName = await data<Page<AppointmentRow>>(admin.fetch(`/api/admin/bookings/list?patient=lindh`));
    expect(byName.items.map((r) => r.id)).toContain(slot);
    const byCode = await data<Page<AppointmentRow>>(admin.fetch(`/api/admin/bookings/list?patient=${encodeURIComponent(SARA)}`));
    expect(byCode.items.map((r) => r.id)).toContain(slot);
    const byStatus = await data<Page<AppointmentRow>>(admin.fetch(`/api/admin/bookings/list?status=cancelled&expertId=${expert.id}`));
    expect(byStatus.total).toBe(0);
    const byDate = await data<Page<AppointmentRow>>(
      admin.fetch(`/api/admin/bookings/list?from=${dateIn(13)}&to=${dateIn(13)}&expertId=${expert.id}`),
    );
    expect(byDate.items.map((r) => r.id)).toEqual([slot]);

    // The file opens in a Finnish spreadsheet: a BOM, `;` between fields, Finnish headers, states and local times.
    const csv = await admin.fetch(`/api/admin/bookings/export.csv?expertId=${expert.id}&lang=fi`);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="bookings-.*\.csv"$/);
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const [header, ...lines] = text.split('\r\n');
    expect(header).toBe('Alkaa;Päättyy;Kesto (min);Tila;Tyyppi;Nimi;Asiantuntija;Palvelu;Potilas;Osallistujia');
    const sara = lines.find((l) => l.includes('Sara Lindholm'))!;
    expect(sara).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d;\d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d;\d+;Varattu;Chat;/);
    expect(text).not.toContain(SARA);
    expect((await (await admin.fetch(`/api/admin/bookings/export.csv?expertId=${expert.id}&lang=en`)).text()).split('\r\n')[0]).toBe(
      'Starts;Ends;Length (min);Status;Type;Name;Expert;Service;Patient;Participants',
    );

    const cancelled = await data<AppointmentDetail>(postJson(admin, `/api/admin/bookings/${slot}/cancel`));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Number) });
    await refused(postJson(admin, `/api/admin/bookings/${slot}/cancel`), 403, 403);
    await data(admin.fetch(`/api/admin/bookings/${slot}`, { method: 'DELETE', headers: { 'x-csrf-token': admin.cookie('prsp_csrf')! } }));
    await refused(admin.fetch(`/api/admin/bookings/${slot}`), 404, 404);
  });

  test('edit and delete an open timeslot; 422 over another, 423 in the past', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const [a, b] = await openSlots(t, espoo, expert.id, [daysAheadAt(15, 10), daysAheadAt(15, 12)]);
    const moved = await data<AppointmentRow>(
      postJson(admin, `/api/admin/bookings/timeslots/${a}/update`, {
        expertId: expert.id,
        date: dateIn(16),
        startTime: '08:15',
        durationMinutes: 20,
      }),
    );
    expect(moved).toMatchObject({ id: a, status: 'open', duration: 20 });
    const [bRow] = await t.database.db.select().from(appointments).where(eq(appointments.id, b!));
    const bDay = localDateAt(bRow!.startsAt);
    const bTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Helsinki',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(bRow!.startsAt);
    await refused(
      postJson(admin, `/api/admin/bookings/timeslots/${a}/update`, {
        expertId: expert.id,
        date: bDay,
        startTime: bTime,
        durationMinutes: 30,
      }),
      409,
      422,
    );
    await refused(
      postJson(admin, `/api/admin/bookings/timeslots/${a}/update`, {
        expertId: expert.id,
        date: dateIn(-1),
        startTime: '08:00',
        durationMinutes: 30,
      }),
      400,
      423,
    );
    await data(
      admin.fetch(`/api/admin/bookings/timeslots/${b}`, { method: 'DELETE', headers: { 'x-csrf-token': admin.cookie('prsp_csrf')! } }),
    );
    expect(await t.database.db.select().from(appointments).where(eq(appointments.id, b!))).toEqual([]);
  });

  test('group: nobody twice; guests and other experts take part', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const host = await bookingExpert(t, espoo, 'nurse');
    const other = await bookingExpert(t, espoo, 'nurse');
    const group = (over: Record<string, unknown>) => ({
      kind: 'group',
      expertId: expert.id,
      hostExpertId: host.id,
      date: dateIn(18),
      startTime: '13:00',
      durationMinutes: 60,
      sendConfirmation: false,
      patients: [patient(AINO), patient(SARA)],
      experts: [other.id],
      guests: [{ name: 'Vieras Ystävä', email: 'vieras@test.example', language: 'en' }],
      ...over,
    });
    const dupes = await refused(
      postJson(
        admin,
        '/api/admin/bookings/create',
        group({
          patients: [patient(AINO), patient(AINO)],
          experts: [expert.id],
          guests: [
            { name: 'A', email: 'x@test.example', language: 'fi' },
            { name: 'B', email: 'X@test.example', language: 'fi' },
          ],
        }),
      ),
      400,
      400,
    );
    expect(fieldKeys(dupes as never)).toEqual({
      'patients.1.ssn': 'fields.duplicate',
      'experts.0': 'fields.duplicate',
      'guests.1.email': 'fields.duplicate',
    });
    const created = await data<AppointmentDetail>(postJson(admin, '/api/admin/bookings/create', group({})));
    expect(created).toMatchObject({ kind: 'group', hostExpertId: host.id, participantCount: 4, video: false });
    expect(created.participants.map((p) => p.role).sort()).toEqual(['expert', 'guest', 'patient', 'patient']);
    const people = await t.database.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, created.id));
    expect(people.find((p) => p.role === 'guest')).toMatchObject({ email: 'vieras@test.example', language: 'en' });

    // The guest is taken off: they get the cancellation of their invitation, the others the update.
    await data(postJson(admin, `/api/admin/bookings/${created.id}/update`, group({ guests: [] })));
    // The guest had their invitation with the PIN when added (even without confirmations: they need the PIN).
    const guestMail = await emailsTo(t, 'vieras@test.example');
    const calendars = guestMail.map((m) => Buffer.from(m.attachments![0]!.contentBase64, 'base64').toString('utf8'));
    expect(calendars.map((c) => /METHOD:(\w+)/.exec(c)?.[1]).sort()).toEqual(['CANCEL', 'REQUEST']);
    expect(guestMail.map((m) => m.subject).find((s) => s.startsWith('Invitation to a group appointment'))).toBeDefined();
    const aino = await emailsTo(t, 'aino@test.example');
    expect(aino.map((m) => /METHOD:(\w+)/.exec(Buffer.from(m.attachments![0]!.contentBase64, 'base64').toString('utf8'))?.[1])).toContain(
      'REQUEST',
    );
  });

  test('an expert created with default settings hosts a group and a patient joins it (issue 28: no hidden chat id)', async () => {
    const patientBrowser = await signedIn(t, ELIAS);
    await onboard(patientBrowser, espoo);
    const experts = await staffBrowser(t);
    const made = await data<{ id: string; userId: string }>(
      postJson(experts, '/api/admin/experts/create', {
        firstName: 'Uusi',
        lastName: 'Ohjaaja',
        email: 'uusi.ohjaaja@test.example',
        specializations: ['nurse'],
        communicationLanguage: 'fi',
        chatQueueId: 'espoo-nurse',
      }),
    );
    const { date, time } = localDateTimeAt(minutesFromNow(3));
    const created = await data<AppointmentDetail>(
      postJson(admin, '/api/admin/bookings/create', {
        kind: 'group',
        name: 'Ryhmä',
        expertId: made.id,
        hostExpertId: made.id,
        date,
        startTime: time,
        durationMinutes: 30,
        sendConfirmation: false,
        patients: [{ ...patient(ELIAS), firstName: 'Elias', lastName: 'Testi' }],
        experts: [],
        guests: [],
      }),
    );
    const { token } = await createSession(t.database.db, t.config.session, {
      staffUserId: made.userId,
      appRole: 'expert',
      organisationId: espoo,
    });
    const host = withCsrfCookie(new TestBrowser(t.baseUrl));
    host.setCookie('prsp_session', token);
    const hosted = await data<{ channel: { id: string } }>(postJson(host, `/api/expert/chat/appointments/${created.id}/open`));
    const joined = await data<{ id: string; me: { role: string } }>(
      postJson(patientBrowser, '/api/chat/channels', { appointmentId: created.id }),
    );
    expect(joined).toMatchObject({ id: hosted.channel.id, me: { role: 'patient' } });
  });

  test('settings: the book page text and the reminders', async () => {
    expect(await data<BookingSettings>(admin.fetch('/api/admin/bookings/settings'))).toEqual({
      infoText: { fi: '', se: '', en: '' },
      reminderEmail: true,
      reminderSms: true,
    });
    const saved = { infoText: { fi: 'Varaa aika', se: 'Boka tid', en: 'Book a time' }, reminderEmail: false, reminderSms: true };
    expect(await data<BookingSettings>(postJson(admin, '/api/admin/bookings/settings', saved))).toEqual(saved);
    expect(await data<BookingSettings>(admin.fetch('/api/admin/bookings/settings'))).toEqual(saved);
  });

  test('rights: an admin without the bookings right is refused; another organisation’s appointment is 404', async () => {
    const noRight = await staffBrowser(t, { preset: 'custom' });
    await refused(noRight.fetch('/api/admin/bookings/list'), 403, 403);
    const other = await bookingExpert(t, kaarina, 'nurse');
    const [foreign] = await openSlots(t, kaarina, other.id, [minutesFromNow(3 * DAY)]);
    await refused(admin.fetch(`/api/admin/bookings/${foreign}`), 404, 404);
    await refused(postJson(admin, `/api/admin/bookings/${foreign}/cancel`), 404, 404);
  });
});
