import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { atLocalTime, localDateAt, type AppointmentDetail, type ExpertChat, type WebhookEndpointCreated } from '@prsp/contracts';
import { AINO, SARA } from '../../test/person-codes';
import type { TestBrowser } from '../../test/http-client';
import { staffBrowser } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { bookedAppointment, chatExpert, sessionPatientId } from '../chat/chat.steps';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../webhooks/webhook-test-receiver';
import { bookingExpert, daysAheadAt, minutesFromNow, onboardedPatients, openSlots } from './booking.steps';

/**
 * Issue 30, point 3: a copy of the appointments follows every change through `booking.updated`. Each change is made
 * through the product's routes; its delivery reaches a real receiver and is verified with `standardwebhooks`, the
 * Standard Webhooks reference library, independently of our own signer.
 */
let t: TestApp;
let espoo: string;
let receiver: WebhookReceiver;
let admin: TestBrowser;
let secret: string;

beforeAll(async () => {
  [t, receiver] = await Promise.all([startTestApp(), startWebhookReceiver()]);
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  admin = await staffBrowser(t);
  const created = await okData<WebhookEndpointCreated>(
    postJson(admin, '/api/admin/webhooks/endpoints/create', { url: receiver.url, events: ['booking.updated', 'booking.cancelled'] }),
  );
  secret = created.secret;
  receiver.secret = secret;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0]! : v!);

/**
 * The deliveries the changes made since the last call, each verified by `standardwebhooks` (which throws if not), by
 * type: deliveries of one change may arrive in any order.
 */
async function delivered(): Promise<{ type: unknown; data: unknown }[]> {
  while ((await t.app.jobs.runOnce({ kinds: ['webhooks.deliver'], limit: 10 })).claimed > 0);
  const got = receiver.received.splice(0);
  const wh = new Webhook(secret);
  return got
    .map((r: ReceivedWebhook) => {
      const headers = {
        'webhook-id': one(r.headers['webhook-id']),
        'webhook-timestamp': one(r.headers['webhook-timestamp']),
        'webhook-signature': one(r.headers['webhook-signature']),
      };
      const payload = wh.verify(r.body, headers) as { type: unknown; data: unknown };
      return { type: payload.type, data: payload.data };
    })
    .sort((a, b) => String(a.type).localeCompare(String(b.type)));
}

const patient = (ssn: string, firstName: string) => ({
  ssn,
  firstName,
  lastName: 'Testinen',
  email: `${firstName.toLowerCase()}@test.example`,
  language: 'fi',
  nationality: 'FI',
});

describe('booking.updated', () => {
  test('an admin moves an appointment from 08:00 to 19:30 (Helsinki): one delivery, changes [time]; saving it again sends nothing', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const date = localDateAt(daysAheadAt(10, 12));
    const input = {
      kind: 'oneOnOne',
      expertId: expert.id,
      date,
      startTime: '08:00',
      durationMinutes: 30,
      sendConfirmation: false,
      patient: patient(AINO, 'Aino'),
    };
    const created = await okData<AppointmentDetail>(postJson(admin, '/api/admin/bookings/create', input));
    expect(await delivered()).toEqual([]);

    const moved = await okData<AppointmentDetail>(
      postJson(admin, `/api/admin/bookings/${created.id}/update`, { ...input, startTime: '19:30' }),
    );
    expect(new Date(moved.startTime)).toEqual(atLocalTime(date, 19, 30));
    expect(await delivered()).toEqual([{ type: 'booking.updated', data: { appointmentId: created.id, changes: ['time'] } }]);

    await okData(postJson(admin, `/api/admin/bookings/${created.id}/update`, { ...input, startTime: '19:30' }));
    expect(await delivered()).toEqual([]);
  });

  test("a patient's change of time: changes [time]", async () => {
    const expert = await bookingExpert(t, espoo, 'psychologist');
    const [booker] = await onboardedPatients(t, espoo, 1);
    const [first, second] = await openSlots(t, espoo, expert.id, [minutesFromNow(3 * 24 * 60), minutesFromNow(5 * 24 * 60)]);
    const answers = { questionnaireAnswers: [{ id: 'reason', question: 'client copy', answer: 'Selkä' }] };
    await okData(postJson(booker!, `/api/services/lock/${first}`));
    await okData(postJson(booker!, `/api/services/book/${first}`, answers));
    await okData(postJson(booker!, `/api/services/lock/${second}`));
    await okData(postJson(booker!, `/api/services/reschedule/${first}`, { timeslotId: second }));
    expect(await delivered()).toEqual([{ type: 'booking.updated', data: { appointmentId: first, changes: ['time'] } }]);
  });

  test("a participant added, by an admin's edit of a group or an invitation into its live chat: changes [participants]", async () => {
    const expert = await bookingExpert(t, espoo, 'nurse');
    const group = {
      kind: 'group',
      expertId: expert.id,
      hostExpertId: expert.id,
      date: localDateAt(daysAheadAt(12, 12)),
      startTime: '13:00',
      durationMinutes: 60,
      sendConfirmation: false,
      patients: [patient(AINO, 'Aino')],
    };
    const created = await okData<AppointmentDetail>(postJson(admin, '/api/admin/bookings/create', group));
    const guests = [{ name: 'Vieras Ystävä', email: 'vieras@test.example', language: 'en' }];
    await okData(postJson(admin, `/api/admin/bookings/${created.id}/update`, { ...group, guests }));
    await okData(
      postJson(admin, `/api/admin/bookings/${created.id}/update`, {
        ...group,
        guests,
        patients: [patient(AINO, 'Aino'), patient(SARA, 'Sara')],
      }),
    );
    expect(await delivered()).toEqual([
      { type: 'booking.updated', data: { appointmentId: created.id, changes: ['participants'] } },
      { type: 'booking.updated', data: { appointmentId: created.id, changes: ['participants'] } },
    ]);

    // A group under way: its expert opens the chat and invites a guest.
    const lead = await chatExpert(t, espoo, 'espoo-nurse');
    const [member] = await onboardedPatients(t, espoo, 1);
    const live = await bookedAppointment(t, espoo, {
      type: 'group',
      expertId: lead.expertId,
      startsAt: new Date(Date.now() - 60_000),
      minutes: 60,
      patients: [{ id: await sessionPatientId(t, member!), name: 'Potilas0 Kilpa' }],
    });
    const opened = await okData<ExpertChat>(postJson(lead.browser, `/api/expert/chat/appointments/${live.id}/open`));
    await okData(
      postJson(lead.browser, `/api/expert/chat/channels/${opened.channel.id}/invite`, {
        kind: 'guest',
        name: 'Iida Invited',
        email: 'iida@test.example',
        language: 'fi',
      }),
    );
    expect(await delivered()).toEqual([{ type: 'booking.updated', data: { appointmentId: live.id, changes: ['participants'] } }]);
  });

  test('an admin removes an expert: each reserved appointment they run or take part in, changes [participants]', async () => {
    const leaving = await bookingExpert(t, espoo, 'nurse');
    const stays = await bookingExpert(t, espoo, 'nurse');
    const own = await bookedAppointment(t, espoo, { type: 'oneOnOne', expertId: leaving.id, startsAt: daysAheadAt(20, 9) });
    const group = await bookedAppointment(t, espoo, {
      type: 'group',
      expertId: stays.id,
      startsAt: daysAheadAt(21, 9),
      experts: [{ id: leaving.id, name: leaving.name }],
    });
    // A cancelled one changes for nobody: it is not told.
    await bookedAppointment(t, espoo, { type: 'oneOnOne', expertId: leaving.id, startsAt: daysAheadAt(22, 9), status: 'cancelled' });
    const res = await admin.fetch(`/api/admin/experts/${leaving.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const got = await delivered();
    expect(got).toHaveLength(2);
    expect(got).toEqual(
      expect.arrayContaining(
        [own.id, group.id].map((appointmentId) => ({ type: 'booking.updated', data: { appointmentId, changes: ['participants'] } })),
      ),
    );
  });

  test('a cancel sends booking.cancelled and booking.updated with [state]', async () => {
    const expert = await bookingExpert(t, espoo, 'doctor');
    const created = await okData<AppointmentDetail>(
      postJson(admin, '/api/admin/bookings/create', {
        kind: 'oneOnOne',
        expertId: expert.id,
        date: localDateAt(daysAheadAt(14, 12)),
        startTime: '10:00',
        durationMinutes: 30,
        sendConfirmation: false,
        patient: patient(SARA, 'Sara'),
      }),
    );
    await okData(postJson(admin, `/api/admin/bookings/${created.id}/cancel`, { reason: '' }));
    expect(await delivered()).toEqual([
      { type: 'booking.cancelled', data: { appointmentId: created.id } },
      { type: 'booking.updated', data: { appointmentId: created.id, changes: ['state'] } },
    ]);
  });
});
