import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZServicesResponse, type ChatChannel, type RealmQueues } from '@prsp/contracts';
import { chatChannels, chatQueues, staffUsers } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { chatExpert, ownQueue } from './chat.steps';

/**
 * Availability (issue 29): a queue no professional serves takes nobody in (a patient would wait for ever), and the
 * patient's service cards say so, with the queue's hours today.
 */
let t: TestApp;
let espoo: string;
let patient: TestBrowser;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  [patient] = (await onboardedPatients(t, espoo, 1)) as [TestBrowser];
});
afterAll(() => t?.close());

const availabilityOf = async (queueId: string) =>
  ZServicesResponse.parse(await okData(patient.fetch('/api/services'))).availability?.[queueId];
const closedInRealm = async (queueId: string) =>
  (await okData<RealmQueues>(patient.fetch(`/api/chat/describe_realm_queues?realm_id=${espoo}`))).realm_queues[queueId]!.queue_attrs.closed;

describe('a queue nobody serves', () => {
  test('is closed to patients (403, nothing stored) and its card says no professional is there; once one serves it, it opens', async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    expect(await availabilityOf(queueId)).toEqual({
      hoursToday: { alwaysOpen: true, ranges: [] },
      staffed: false,
      onDuty: 0,
      whenNobodyOnDuty: 'wait',
      openNow: true,
      nextOpening: null,
    });
    expect(await closedInRealm(queueId)).toBe(true);
    await expectError(postJson(patient, '/api/chat/channels', { serviceId }), 403, 403);
    expect(await t.database.db.select().from(chatChannels).where(eq(chatChannels.queueId, queueId))).toEqual([]);

    const expert = await chatExpert(t, espoo, queueId);
    expect((await availabilityOf(queueId))?.staffed).toBe(true);
    expect(await closedInRealm(queueId)).toBe(false);
    const channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { serviceId }));
    expect(channel).toMatchObject({ status: 'waiting', queueId });
    await okData(postJson(patient, `/api/chat/channels/${channel.id}/leave`));

    // A professional whose account is switched off serves nobody.
    await t.database.db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, expert.userId));
    expect((await availabilityOf(queueId))?.staffed).toBe(false);
    await expectError(postJson(patient, '/api/chat/channels', { serviceId }), 403, 403);
  });

  test("an expert's personal queue is served by that expert", async () => {
    const { queueId } = await ownQueue(t, espoo);
    const { queueId: theirs } = await ownQueue(t, espoo);
    const expert = await chatExpert(t, espoo, theirs);
    await t.database.db.update(chatQueues).set({ expertId: expert.expertId }).where(eq(chatQueues.id, queueId));
    expect((await availabilityOf(queueId))?.staffed).toBe(true);
  });
});

test("the card shows the queue's hours today, in order", async () => {
  const { queueId } = await ownQueue(t, espoo);
  await chatExpert(t, espoo, queueId);
  // The same hours every day of the week, so the answer does not depend on the day the test runs.
  const weekly = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
    { weekday, opens: '12:00', closes: '16:00' },
    { weekday, opens: '08:00', closes: '11:30' },
  ]);
  await t.database.db
    .update(chatQueues)
    .set({ openingHours: { alwaysOpen: false, closed: false, weekly, exceptions: [] } })
    .where(eq(chatQueues.id, queueId));
  expect(await availabilityOf(queueId)).toMatchObject({
    hoursToday: {
      alwaysOpen: false,
      ranges: [
        { opens: '08:00', closes: '11:30' },
        { opens: '12:00', closes: '16:00' },
      ],
    },
    staffed: true,
  });
});
