import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  selfAssessmentMetadata,
  ZChatChannel,
  ZExpertChat,
  ZExpertQueue,
  ZMetadataResponse,
  type SelfAssessmentResult,
} from '@prsp/contracts';
import { chatChannels } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { chatExpert, ownQueue } from './chat.steps';

/**
 * Issue 29, red-flag steering on the chat's side: the server reads the self-assessment's urgency as it seals the
 * result (the patient is told to call 112 before any queue), stores it on the channel it opens (never a client's
 * word for it), and an emergency waits first, then an urgent one, then the rest: in the expert's queue, in the
 * patient's place in line and for accept-next.
 */
let t: TestApp;
let espoo: string;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
});
afterAll(async () => {
  await t?.close();
});

const builtIn = (urgency: SelfAssessmentResult['urgency']): SelfAssessmentResult => ({
  urgency,
  answers: [{ question: 'Onko sinulla jokin seuraavista?', answer: urgency === 'emergency' ? 'Puristava rintakipu' : 'Ei mitään näistä' }],
});

async function seal(patient: TestBrowser, serviceId: string, questionnaireMetadata: Record<string, unknown>) {
  return ZMetadataResponse.parse(await okData(postJson(patient, `/api/services/metadata/${serviceId}`, { questionnaireMetadata })));
}

/** The patient answers the self-assessment (or not), the server seals it, and the patient enters the queue with it. */
async function enter(patient: TestBrowser, serviceId: string, result?: Record<string, unknown>) {
  const secureMetadata = result ? (await seal(patient, serviceId, { selfAssessment: result })).secureMetadata : undefined;
  return ZChatChannel.parse(await okData(postJson(patient, '/api/chat/channels', { serviceId, secureMetadata })));
}

async function storedUrgency(channelId: string) {
  const [row] = await t.database.db.select({ urgency: chatChannels.urgency }).from(chatChannels).where(eq(chatChannels.id, channelId));
  return row?.urgency;
}

async function queueOf(expert: TestBrowser, queueId: string) {
  const queues = (await okData<unknown[]>(expert.fetch('/api/expert/chat/queues'))).map((q) => ZExpertQueue.parse(q));
  return queues.find((q) => q.id === queueId)!;
}

const positionOf = async (patient: TestBrowser, channelId: string) =>
  ZChatChannel.parse(await okData(patient.fetch(`/api/chat/channels/${channelId}`))).position;

describe('the seal route answers the urgency it read', () => {
  test.each([
    ["the built-in result's emergency", { selfAssessment: builtIn('emergency') }, 'emergency'],
    ["the built-in result's urgent", { selfAssessment: builtIn('urgent') }, 'urgent'],
    ["the built-in result's self care", { selfAssessment: builtIn('selfCare') }, 'selfCare'],
    ["another connector's red flag", { selfAssessment: { redFlag: true, oire: 'rintakipu' } }, 'emergency'],
    ["another connector's top-level emergency", { selfAssessment: { urgency: 'emergency', pisteet: 12 } }, 'emergency'],
    ["another connector's result without one", { selfAssessment: { oire: 'kuume' } }, null],
    ['an encrypted result', selfAssessmentMetadata({ type: 'completedEncrypted', result: 'b64...' }), null],
  ])('%s', async (_, metadata, urgency) => {
    const { serviceId } = await ownQueue(t, espoo);
    const [patient] = await onboardedPatients(t, espoo, 1);
    const answer = await seal(patient!, serviceId, metadata);
    expect(answer.urgency).toBe(urgency);
    expect(answer.secureMetadata).not.toContain('emergency');
  });
});

describe('the channel carries the urgency the server read', () => {
  test('an emergency is stored when the chat opens with the sealed result; without one, none', async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    await chatExpert(t, espoo, queueId);
    const [emergency, ordinary] = await onboardedPatients(t, espoo, 2);
    const a = await enter(emergency!, serviceId, builtIn('emergency'));
    const b = await enter(ordinary!, serviceId);
    expect(await storedUrgency(a.id)).toBe('emergency');
    expect(await storedUrgency(b.id)).toBeNull();
  });

  test("a client's own urgency is never taken: without a sealed result the chat has none", async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    await chatExpert(t, espoo, queueId);
    const [patient] = await onboardedPatients(t, espoo, 1);
    const channel = ZChatChannel.parse(
      await okData(postJson(patient!, '/api/chat/channels', { serviceId, urgency: 'emergency', redFlag: true })),
    );
    expect(await storedUrgency(channel.id)).toBeNull();
  });

  test('the expert sees the urgency on the queue card and, once taken, in the opened result', async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    const expert = await chatExpert(t, espoo, queueId);
    const [patient] = await onboardedPatients(t, espoo, 1);
    const channel = await enter(patient!, serviceId, { redFlag: true, oire: 'rintakipu' });
    expect((await queueOf(expert.browser, queueId)).waiting).toEqual([
      expect.objectContaining({ channelId: channel.id, urgency: 'emergency' }),
    ]);
    const taken = ZExpertChat.parse(await okData(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/accept`)));
    expect(taken.metadata).toEqual({ selfAssessment: { redFlag: true, oire: 'rintakipu' } });
    expect(taken.urgency).toBe('emergency');
  });
});

describe('an emergency waits first', () => {
  test('an ordinary patient queues first, an emergency second: the expert lists the emergency first, and it is first in line', async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    const expert = await chatExpert(t, espoo, queueId);
    const [ordinary, emergency] = await onboardedPatients(t, espoo, 2);
    const first = await enter(ordinary!, serviceId, builtIn('selfCare'));
    expect(first.position).toBe(1);
    // The ordinary patient has waited ten minutes when the emergency comes.
    await t.database.db
      .update(chatChannels)
      .set({ queuedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(chatChannels.id, first.id));
    const second = await enter(emergency!, serviceId, builtIn('emergency'));

    expect(second.position).toBe(1);
    expect(await positionOf(ordinary!, first.id)).toBe(2);
    const queue = await queueOf(expert.browser, queueId);
    expect(queue.waiting.map((w) => [w.channelId, w.urgency])).toEqual([
      [second.id, 'emergency'],
      [first.id, 'selfCare'],
    ]);
    // The longest wait is still the ordinary patient's, who came first.
    expect(queue.longestWaitSeconds).toBeGreaterThanOrEqual(600);
  });

  test('emergency, then urgent, then the rest, each in the order they came; accept-next follows the same line', async () => {
    const { queueId, serviceId } = await ownQueue(t, espoo);
    const expert = await chatExpert(t, espoo, queueId);
    const [p1, p2, p3, p4, p5] = await onboardedPatients(t, espoo, 5);
    const none = await enter(p1!, serviceId);
    const urgent1 = await enter(p2!, serviceId, builtIn('urgent'));
    const soon = await enter(p3!, serviceId, builtIn('soon'));
    const emergency = await enter(p4!, serviceId, { redFlag: true });
    const urgent2 = await enter(p5!, serviceId, builtIn('urgent'));

    const line = [emergency, urgent1, urgent2, none, soon];
    expect((await queueOf(expert.browser, queueId)).waiting.map((w) => w.channelId)).toEqual(line.map((c) => c.id));
    const positions = await Promise.all(
      [
        [p4, emergency],
        [p2, urgent1],
        [p5, urgent2],
        [p1, none],
        [p3, soon],
      ].map(([p, c]) => positionOf(p as TestBrowser, (c as { id: string }).id)),
    );
    expect(positions).toEqual([1, 2, 3, 4, 5]);

    for (const expected of line) {
      const taken = ZExpertChat.parse(await okData(postJson(expert.browser, `/api/expert/chat/queues/${queueId}/accept`)));
      expect(taken.channel.id).toBe(expected.id);
    }
  });
});
