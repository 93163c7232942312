import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  localDateAt,
  WEBHOOK_EVENTS,
  type AppointmentDetail,
  type AppointmentRow,
  type ChatChannel,
  type Page,
  type PatientAppointment,
} from '@prsp/contracts';
import { appointments, auditLog, chatChannels, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestBrowser } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { bookedAppointment, chatExpert, ownQueue, sessionPatientId } from '../chat/chat.steps';
import { fhirClient } from '../fhir/fhir.steps';
import { minutesFromNow, onboardedPatients } from './booking.steps';

/**
 * The visit's state beside the booking's (issue 28, item 4): a visit whose chat was started and ended is held, the
 * expert or an admin marks a no-show, and neither a past appointment nor one under way is cancelled or moved. Shown
 * in the lists, in FHIR (`fulfilled`, `noshow`, `created` the booking's time) and told to webhooks.
 */
let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
let otherAdmin: TestBrowser;
let queueId: string;
let patient: TestBrowser;
let patientId: string;
let fhirToken: string;

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t, { organisation: espoo });
  otherAdmin = await staffBrowser(t, { organisation: kaarina });
  ({ queueId } = await ownQueue(t, espoo));
  [patient] = (await onboardedPatients(t, espoo, 1)) as [TestBrowser];
  patientId = await sessionPatientId(t, patient);
  await t.database.db
    .insert(webhookEndpoints)
    .values({ organisationId: espoo, url: 'https://hooks.example/visits', events: [...WEBHOOK_EVENTS], secretEncrypted: 'x' });
  ({ token: fhirToken } = await fhirClient(t, admin, 'Käynnit', ['system/Appointment.read']));
});
afterAll(() => t?.close());

async function data<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, status: body.status }, JSON.stringify(body)).toEqual({ http: 200, status: 'ok' });
  return body.data as T;
}
async function refused(res: Promise<Response>, http: number, statusCode: number) {
  const r = await res;
  const body = await r.json();
  expect({ http: r.status, statusCode: body.statusCode }).toEqual({ http, statusCode });
}

/**
 * A one-to-one with the patient, starting `minutes` from now (negative: already started), with an expert of the
 * queue of its own (an expert's appointments never overlap).
 */
async function visit(minutes: number) {
  const expert = await chatExpert(t, espoo, queueId);
  const a = await bookedAppointment(t, espoo, {
    type: 'oneOnOne',
    expertId: expert.expertId,
    queueId,
    startsAt: minutesFromNow(minutes),
    patients: [{ id: patientId, name: 'Potilas0 Kilpa' }],
  });
  return { ...a, expert };
}

async function fhirAppointment(id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/fhir/R4/Appointment/${id}`, headers: { authorization: `Bearer ${fhirToken}` } });
  expect(res.statusCode).toBe(200);
  return res.json<{ status: string; created: string }>();
}

async function deliveries(event: string, appointmentId: string) {
  const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, event));
  return rows.filter((r) => (r.payload as { data: { appointmentId?: string } }).data.appointmentId === appointmentId);
}

const adminRow = async (id: string) => data<AppointmentDetail>(admin.fetch(`/api/admin/bookings/${id}`));
const expertRow = async (expert: TestBrowser, id: string, day: Date) => {
  const page = await data<Page<AppointmentRow>>(expert.fetch(`/api/expert/bookings?from=${localDateAt(day)}&pageSize=200`));
  return page.items.find((r) => r.id === id);
};

describe('a settled visit is not cancelled or moved', () => {
  const move = (expertId: string) => ({
    kind: 'oneOnOne',
    expertId,
    date: localDateAt(minutesFromNow(3 * 24 * 60)),
    startTime: '10:00',
    durationMinutes: 30,
    sendConfirmation: false,
    patient: { ssn: '020304A123B', firstName: 'Aino', lastName: 'Testi', email: 'aino@test.example', language: 'fi', nationality: 'FI' },
  });

  test('an admin cannot cancel or move a visit whose time is over or that was marked a no-show (423), nor is anybody told', async () => {
    const over = await visit(-120);
    const missed = await visit(-10);
    await data(postJson(admin, `/api/admin/bookings/${missed.id}/no-show`, {}));
    for (const a of [over, missed]) {
      await refused(postJson(admin, `/api/admin/bookings/${a.id}/cancel`, { reason: 'Myöhässä' }), 400, 423);
      await refused(postJson(admin, `/api/admin/bookings/${a.id}/update`, move(a.expert.expertId)), 400, 423);
      expect((await adminRow(a.id)).status).toBe('booked');
      expect(await deliveries('booking.cancelled', a.id)).toEqual([]);
    }
  });

  test('one under way and not yet settled can still be cancelled (the expert fell ill)', async () => {
    const a = await visit(-10);
    const cancelled = await data<AppointmentDetail>(postJson(admin, `/api/admin/bookings/${a.id}/cancel`, { reason: 'Hoitaja sairastui' }));
    expect(cancelled.status).toBe('cancelled');
  });

  test('a future appointment is still cancelled, with the reason shown in the list', async () => {
    const a = await visit(3 * 24 * 60);
    const cancelled = await data<AppointmentDetail>(postJson(admin, `/api/admin/bookings/${a.id}/cancel`, { reason: 'Lääkäri sairastui' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Lääkäri sairastui', visit: null });
  });
});

describe('held: the appointment’s chat was started and ended', () => {
  test('every list, FHIR and the webhooks say so; a patient leaving the queue unserved holds nothing', async () => {
    const a = await visit(-1);
    // The patient comes, waits, and leaves before anyone took the chat: not a visit.
    const waited = await data<ChatChannel>(postJson(patient, '/api/chat/channels', { appointmentId: a.id }));
    await data(postJson(patient, `/api/chat/channels/${waited.id}/leave`));
    expect((await adminRow(a.id)).visit).toBeNull();

    const channel = await data<ChatChannel>(postJson(patient, '/api/chat/channels', { appointmentId: a.id }));
    await data(postJson(a.expert.browser, `/api/expert/chat/channels/${channel.id}/accept`));
    await data(postJson(a.expert.browser, `/api/expert/chat/channels/${channel.id}/end`));

    expect(await adminRow(a.id)).toMatchObject({ status: 'booked', visit: 'held' });
    const adminList = await data<Page<AppointmentRow>>(
      admin.fetch(`/api/admin/bookings/list?from=${localDateAt(a.startsAt)}&pageSize=200`),
    );
    expect(adminList.items.find((r) => r.id === a.id)?.visit).toBe('held');
    expect((await expertRow(a.expert.browser, a.id, a.startsAt))?.visit).toBe('held');
    const schedule = await data<{ appointments: AppointmentRow[] }>(
      a.expert.browser.fetch(`/api/expert/schedule?date=${localDateAt(a.startsAt)}`),
    );
    expect(schedule.appointments.find((r) => r.id === a.id)?.visit).toBe('held');
    // The patient's visit is over before its end: it leaves their upcoming list, and its Start does not put them back in line.
    const services = await data<{ appointments: PatientAppointment[] }>(patient.fetch('/api/services'));
    expect(services.appointments.map((p) => p.uuid)).not.toContain(a.id);
    await refused(postJson(patient, '/api/chat/channels', { appointmentId: a.id }), 400, 423);
    expect((await fhirAppointment(a.id)).status).toBe('fulfilled');
    expect(await deliveries('booking.held', a.id)).toHaveLength(1);

    // A held visit is not marked a no-show afterwards.
    await refused(postJson(a.expert.browser, `/api/expert/appointments/${a.id}/no-show`), 403, 403);
  });
});

describe('no-show: marked by the expert or an admin, on their own appointments, once started', () => {
  test('the expert marks their appointment: shown everywhere, audited, told once', async () => {
    const a = await visit(-40);
    const marked = await data<AppointmentDetail>(postJson(a.expert.browser, `/api/expert/appointments/${a.id}/no-show`));
    expect(marked).toMatchObject({ status: 'booked', visit: 'noShow' });
    // Again: nothing new.
    await data(postJson(a.expert.browser, `/api/expert/appointments/${a.id}/no-show`));
    expect(await deliveries('booking.noShow', a.id)).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.noShow'), eq(auditLog.objectId, a.id)));
    expect(audits.map((r) => r.actorId)).toEqual([a.expert.userId]);
    expect((await adminRow(a.id)).visit).toBe('noShow');
    expect((await fhirAppointment(a.id)).status).toBe('noshow');
    const csv = await (await admin.fetch(`/api/admin/bookings/export.csv?from=${localDateAt(a.startsAt)}&lang=fi`)).text();
    expect(csv).toContain('Ei saapunut');
  });

  test('the patient marked a no-show no longer sees it as upcoming, nor can start its chat (423)', async () => {
    const a = await visit(-5);
    expect((await data<{ appointments: PatientAppointment[] }>(patient.fetch('/api/services'))).appointments.map((p) => p.uuid)).toContain(
      a.id,
    );
    await data(postJson(a.expert.browser, `/api/expert/appointments/${a.id}/no-show`));
    const services = await data<{ appointments: PatientAppointment[] }>(patient.fetch('/api/services'));
    expect(services.appointments.map((p) => p.uuid)).not.toContain(a.id);
    await refused(postJson(patient, '/api/chat/channels', { appointmentId: a.id }), 400, 423);
    expect(await t.database.db.select().from(chatChannels).where(eq(chatChannels.appointmentId, a.id))).toEqual([]);
  });

  test('an admin marks one of the organisation; another organisation’s admin and another expert get 404', async () => {
    const a = await visit(-40);
    const stranger = await chatExpert(t, espoo, queueId, { firstName: 'Vieras', lastName: 'Hoitaja' });
    await refused(postJson(stranger.browser, `/api/expert/appointments/${a.id}/no-show`), 404, 404);
    await refused(postJson(otherAdmin, `/api/admin/bookings/${a.id}/no-show`), 404, 404);
    expect(await data<AppointmentDetail>(postJson(admin, `/api/admin/bookings/${a.id}/no-show`))).toMatchObject({ visit: 'noShow' });
  });

  test('not before the start, and not on a cancelled appointment (403)', async () => {
    const future = await visit(60);
    await refused(postJson(future.expert.browser, `/api/expert/appointments/${future.id}/no-show`), 403, 403);
    await refused(postJson(admin, `/api/admin/bookings/${future.id}/no-show`), 403, 403);
    const cancelled = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: future.expert.expertId,
      queueId,
      startsAt: minutesFromNow(-60),
      status: 'cancelled',
    });
    await refused(postJson(admin, `/api/admin/bookings/${cancelled.id}/no-show`), 403, 403);
  });
});

test('FHIR Appointment.created is when it was booked, not when its open time was made', async () => {
  const a = await visit(2 * 24 * 60);
  const createdAt = new Date('2026-01-05T08:00:00Z');
  const bookedAt = new Date('2026-02-10T12:30:00Z');
  await t.database.db.update(appointments).set({ createdAt, bookedAt }).where(eq(appointments.id, a.id));
  expect((await fhirAppointment(a.id)).created).toBe(bookedAt.toISOString());
});
