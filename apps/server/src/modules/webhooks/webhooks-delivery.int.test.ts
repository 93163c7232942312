import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_ATTEMPTS,
  type ChatChannel,
  type SentMessages,
  type WebhookDelivery,
  type WebhookEndpointCreated,
} from '@prsp/contracts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { retryDelayMs } from '../../platform/jobs/backoff';
import { createJobRunner, type JobLog, type JobRunner } from '../../platform/jobs/runner';
import type { TestBrowser } from '../../test/http-client';
import { staffBrowser } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { bookingExpert, daysAheadAt, onboardedPatients, openSlots } from '../booking/booking.steps';
import { messageForm, postForm, subcategoryWith } from '../messaging/conversations.steps';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { bookedAppointment, chatExpert, ownQueue, sessionPatientId } from '../chat/chat.steps';
import { answerAsPatient } from '../surveys/survey-expert.steps';
import { makeResponse, makeTemplate } from '../surveys/survey.steps';
import { WEBHOOK_BACKOFF, registerWebhookDelivery } from './webhook-delivery';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-test-receiver';

/**
 * Deliveries end to end: every event, each caused through the product's own routes, reach a real HTTP receiver
 * on loopback that verifies the Standard Webhooks signature and timestamp; retries run through the job runner on a
 * clock the test drives (no sleeping), until delivered or failed.
 */
let t: TestApp;
let espoo: string;
let receiver: WebhookReceiver;
let admin: TestBrowser;
const silent: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  [t, receiver] = await Promise.all([startTestApp(), startWebhookReceiver()]);
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  admin = await staffBrowser(t);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function registerEndpoint(events: readonly string[] = WEBHOOK_EVENTS): Promise<WebhookEndpointCreated> {
  const created = await okData<WebhookEndpointCreated>(
    postJson(admin, '/api/admin/webhooks/endpoints/create', { url: receiver.url, events }),
  );
  receiver.secret = created.secret;
  return created;
}

/** Runs the app's own runner over webhook deliveries until none is due. */
async function drain(runner: JobRunner = t.app.jobs): Promise<void> {
  while ((await runner.runOnce({ kinds: ['webhooks.deliver'], limit: 10 })).claimed > 0);
}

const deliveryRow = async (id: string) => (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

describe('events', () => {
  test('each event reaches the receiver, signed, with ids only', async () => {
    const endpoint = await registerEndpoint();
    const [patient] = await onboardedPatients(t, espoo, 1);
    const patientId = await sessionPatientId(t, patient!);

    // booking.created and booking.cancelled: the patient books an open time and cancels it.
    const expert = await bookingExpert(t, espoo, 'psychologist');
    const [slot] = await openSlots(t, espoo, expert.id, [daysAheadAt(4, 10)]);
    await okData(postJson(patient!, `/api/services/lock/${slot}`));
    await okData(
      postJson(patient!, `/api/services/book/${slot}`, {
        questionnaireAnswers: [
          { id: 'reason', question: 'client copy', answer: 'Selkä' },
          { id: 'other', question: 'client copy', answer: '' },
        ],
      }),
    );
    await okData(postJson(patient!, `/api/services/cancel/${slot}`));

    // chat.ended: the patient opens a chat in a queue and leaves it.
    const { queueId, serviceId } = await ownQueue(t, espoo);
    await chatExpert(t, espoo, queueId);
    const channel = await okData<ChatChannel>(postJson(patient!, '/api/chat/channels', { serviceId }));
    await okData(postJson(patient!, `/api/chat/channels/${channel.id}/leave`));

    // booking.held: the patient's appointment chat, taken by its expert, ends; booking.noShow: an admin marks another.
    const nurse = await chatExpert(t, espoo, (await ownQueue(t, espoo)).queueId);
    const cast = { type: 'oneOnOne' as const, expertId: nurse.expertId, patients: [{ id: patientId, name: 'Potilas0 Kilpa' }] };
    const visit = await bookedAppointment(t, espoo, { ...cast, startsAt: new Date(Date.now() - 60_000) });
    const missed = await bookedAppointment(t, espoo, { ...cast, startsAt: new Date(Date.now() - 90 * 60_000) });
    const visitChat = await okData<ChatChannel>(postJson(patient!, '/api/chat/channels', { appointmentId: visit.id }));
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${visitChat.id}/accept`));
    await okData(postJson(nurse.browser, `/api/expert/chat/channels/${visitChat.id}/end`));
    await okData(postJson(admin, `/api/admin/bookings/${missed.id}/no-show`));

    // message.received: the patient writes to a subcategory.
    const { categoryId, subcategoryId } = await subcategoryWith(t.database.db, espoo, []);
    const sent = await okData<SentMessages>(
      postForm(patient!, '/api/patient/async-messaging/request-conversation', messageForm({ categoryId, subcategoryId, text: 'Kuumetta' })),
    );

    // survey.answered: the patient answers a survey sent to them.
    const { versionId } = await makeTemplate(t.database.db, espoo);
    const responseId = await makeResponse(t.database.db, espoo, patientId, versionId);
    await answerAsPatient(t, patient!, responseId, { pain: 'no' });

    // Nothing is sent before the runner runs: the deliveries wait as jobs written with their changes.
    expect(receiver.received).toHaveLength(0);
    await drain();

    expect(receiver.received.every((r) => r.verified)).toBe(true);
    // chat.ended twice: the queue chat and the appointment's; booking.updated with each of the three changes of
    // state (the cancel, held, the no-show); the rest once each.
    const updates = receiver.received.filter((r) => r.payload.type === 'booking.updated');
    const byType = Object.fromEntries(
      receiver.received
        .filter((r) => (r.payload.data as { channelId?: string }).channelId !== visitChat.id && r.payload.type !== 'booking.updated')
        .map((r) => [r.payload.type, r]),
    );
    expect([...Object.keys(byType), 'booking.updated'].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(receiver.received).toHaveLength(WEBHOOK_EVENTS.length + 3);
    const base = { id: expect.any(String), timestamp: expect.any(String), organisationId: espoo };
    expect(byType['booking.created']!.payload).toEqual({ ...base, type: 'booking.created', data: { appointmentId: slot } });
    expect(byType['booking.cancelled']!.payload).toEqual({ ...base, type: 'booking.cancelled', data: { appointmentId: slot } });
    expect(byType['chat.ended']!.payload).toEqual({ ...base, type: 'chat.ended', data: { channelId: channel.id, appointmentId: null } });
    expect(byType['booking.held']!.payload).toEqual({ ...base, type: 'booking.held', data: { appointmentId: visit.id } });
    expect(byType['booking.noShow']!.payload).toEqual({ ...base, type: 'booking.noShow', data: { appointmentId: missed.id } });
    expect(updates).toHaveLength(3);
    expect(updates.map((r) => r.payload)).toEqual(
      expect.arrayContaining(
        [slot, visit.id, missed.id].map((appointmentId) => ({
          ...base,
          type: 'booking.updated',
          data: { appointmentId, changes: ['state'] },
        })),
      ),
    );
    expect(byType['message.received']!.payload).toEqual({
      ...base,
      type: 'message.received',
      data: { conversationId: sent.conversationId, messageIds: sent.messages.map((m) => m.id) },
    });
    expect(byType['survey.answered']!.payload).toEqual({ ...base, type: 'survey.answered', data: { responseId, appointmentId: null } });
    for (const r of receiver.received) {
      // The Standard Webhooks headers; the id is the event's, the same as the body's.
      expect(r.headers['webhook-id']).toBe(r.payload.id);
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(r.headers['content-type']).toBe('application/json');
      // Health data stays in the product: no names, message or answer text.
      expect(r.body).not.toMatch(/Potilas|Kilpa|Kuumetta|Selkä|"no"/);
    }
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.endpoint.id));
    expect(rows.map((r) => `${r.state}/${r.attempts}/${r.lastStatusCode}`)).toEqual(
      Array(WEBHOOK_EVENTS.length + 3).fill('delivered/1/200'),
    );
    expect(rows.every((r) => r.deliveredAt instanceof Date && r.lastError === null)).toBe(true);

    // Only what an endpoint asked for, only while it is active, and nothing for another organisation's changes.
    await okData(postJson(admin, `/api/admin/webhooks/endpoints/${endpoint.endpoint.id}/update`, { active: true, events: ['chat.ended'] }));
    receiver.received.length = 0;
    const [kaarinaPatient] = await onboardedPatients(t, (await organisationBySlug(t, 'kaarina-demo')).id, 1);
    const kaarinaQueue = await ownQueue(t, (await organisationBySlug(t, 'kaarina-demo')).id);
    await chatExpert(t, (await organisationBySlug(t, 'kaarina-demo')).id, kaarinaQueue.queueId);
    const other = await okData<ChatChannel>(postJson(kaarinaPatient!, '/api/chat/channels', { serviceId: kaarinaQueue.serviceId }));
    await okData(postJson(kaarinaPatient!, `/api/chat/channels/${other.id}/leave`));
    await okData(
      postForm(patient!, '/api/patient/async-messaging/request-conversation', messageForm({ categoryId, subcategoryId, text: 'Toinen' })),
    );
    await okData(
      postJson(admin, `/api/admin/webhooks/endpoints/${endpoint.endpoint.id}/update`, { active: false, events: ['chat.ended'] }),
    );
    const again = await okData<ChatChannel>(postJson(patient!, '/api/chat/channels', { serviceId }));
    await okData(postJson(patient!, `/api/chat/channels/${again.id}/leave`));
    await drain();
    expect(receiver.received).toHaveLength(0);
    await t.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.endpoint.id));
  });
});

describe('retries', () => {
  let clock: Date;
  let runner: JobRunner;
  let endpointId: string;
  beforeAll(async () => {
    // A runner of the test's own on a clock it moves (docs/jobs.md), with the same delivery handler as the app's.
    runner = createJobRunner({ db: t.database.db, log: silent, now: () => clock });
    registerWebhookDelivery(runner, { db: t.database.db, cipher: createFieldCipher(t.config.dataKey), policy: { production: false } });
    endpointId = (await registerEndpoint(['booking.created'])).endpoint.id;
  });

  async function testEvent(): Promise<WebhookDelivery> {
    const delivery = await okData<WebhookDelivery>(postJson(admin, `/api/admin/webhooks/endpoints/${endpointId}/test`));
    clock = new Date(Date.now() + 1000);
    receiver.received.length = 0;
    return delivery;
  }

  test('a receiver that answers 500 twice then 200 gets the delivery on the third attempt, after 30 s and 1 min', async () => {
    const delivery = await testEvent();
    expect(delivery).toMatchObject({ event: 'webhook.test', state: 'pending', attempts: 0 });
    receiver.answers = [500, 500];

    expect(await runner.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await deliveryRow(delivery.id)).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: 500 });
    expect((await deliveryRow(delivery.id)).lastError).toBe('receiver answered 500: nope 500');
    // Not yet due 1 ms before the wait is over.
    clock = new Date(clock.getTime() + 30_000 - 1);
    expect((await runner.runOnce()).claimed).toBe(0);
    clock = new Date(clock.getTime() + 1);
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    clock = new Date(clock.getTime() + 60_000);
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, done: 1 });

    expect(await deliveryRow(delivery.id)).toMatchObject({ state: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    expect(receiver.received.map((r) => r.verified)).toEqual([true, true, true]);
    // The same event id every time; each attempt signed with its own timestamp.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const listed = await okData<WebhookDelivery[]>(admin.fetch(`/api/admin/webhooks/deliveries?endpointId=${endpointId}`));
    expect(listed.find((d) => d.id === delivery.id)).toMatchObject({ state: 'delivered', attempts: 3, lastStatusCode: 200 });
  });

  test(`failed after ${WEBHOOK_MAX_ATTEMPTS} attempts, the waits doubling to at most 6 hours`, async () => {
    const delivery = await testEvent();
    receiver.answers = Array(WEBHOOK_MAX_ATTEMPTS).fill(503);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      const result = await runner.runOnce();
      expect(result.claimed, `attempt ${attempt}`).toBe(1);
      if (attempt < WEBHOOK_MAX_ATTEMPTS) {
        expect(result.retried).toBe(1);
        const wait = retryDelayMs(attempt, WEBHOOK_BACKOFF);
        waits.push(wait);
        clock = new Date(clock.getTime() + wait);
      } else expect(result.failed).toBe(1);
    }
    expect(waits.map((w) => w / 60_000)).toEqual([0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 360]);
    expect(await deliveryRow(delivery.id)).toMatchObject({ state: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, lastStatusCode: 503 });
    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    clock = new Date(clock.getTime() + 24 * 3_600_000);
    expect((await runner.runOnce()).claimed).toBe(0);
  });

  test('410 Gone fails the delivery at once and switches the endpoint off', async () => {
    const delivery = await testEvent();
    receiver.answers = [410];
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, done: 1 });
    expect(await deliveryRow(delivery.id)).toMatchObject({ state: 'failed', attempts: 1, lastStatusCode: 410 });
    const [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint!.active).toBe(false);
  });

  test('an unreachable receiver is a failed attempt with the network reason, retried', async () => {
    await okData(postJson(admin, `/api/admin/webhooks/endpoints/${endpointId}/update`, { active: true, events: ['booking.created'] }));
    const delivery = await testEvent();
    const port = new URL(receiver.url).port;
    await t.database.db
      .update(webhookEndpoints)
      .set({ url: `http://127.0.0.1:1/hooks?was=${port}` })
      .where(eq(webhookEndpoints.id, endpointId));
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await deliveryRow(delivery.id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'could not connect (ECONNREFUSED)',
    });
  });
});
