import { DOMAIN_EVENTS, WEBHOOK_EVENTS, type DomainEvent, type DomainEventPayloads } from '@prsp/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appointments, chatQueues, experts, jobs, services, surveyResponses, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { organisationBySlug, patientIdOf } from '../../modules/patients/patient.steps';
import { MATTI } from '../../test/person-codes';
import { startTestApp, type TestApp } from '../../test/test-app';
import { claimJobs, findJob } from '../jobs/jobs.repo';

/**
 * The app's real subscribers (the modules' front doors), event by event: what they write exists exactly when the
 * writer commits, and a deferred one whose runner died runs once after a restart. An endpoint that wants every
 * public event makes the webhooks subscriber write too.
 */
let t: TestApp;
let payloads: { [E in DomainEvent]: DomainEventPayloads[E] };

beforeAll(async () => {
  t = await startTestApp();
  const espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  const patientId = await patientIdOf(t, MATTI);
  const db = t.database.db;
  const [expert] = await db.select({ id: experts.id }).from(experts).where(eq(experts.organisationId, espoo)).limit(1);
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.organisationId, espoo)).limit(1);
  const startsAt = new Date(Date.now() + 7 * 24 * 3_600_000);
  const [appointment] = await db
    .insert(appointments)
    .values({
      organisationId: espoo,
      expertId: expert!.id,
      serviceId: service!.id,
      name: 'Vastaanotto',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      type: 'oneOnOne',
      status: 'booked',
      bookedAt: new Date(),
    })
    .returning({ id: appointments.id });
  await t.database.db
    .insert(webhookEndpoints)
    .values({ organisationId: espoo, url: 'https://hooks.example/all', events: [...WEBHOOK_EVENTS], secretEncrypted: 'x' });
  const ids = { organisationId: espoo, appointmentId: appointment!.id };
  const id = '00000000-0000-4000-8000-0000000000e1';
  payloads = {
    'booking.created': ids,
    'booking.updated': { ...ids, changes: ['time'] },
    'booking.cancelled': ids,
    'booking.held': ids,
    'booking.noShow': ids,
    'chat.accepted': { organisationId: espoo, channelId: id, patientId },
    'chat.ended': { organisationId: espoo, channelId: id, appointmentId: appointment!.id, endedBy: 'expert', started: true },
    'message.received': { organisationId: espoo, conversationId: id, messageIds: [id] },
    'message.answered': { organisationId: espoo, conversationId: id, patientId },
    'survey.answered': { organisationId: espoo, responseId: id, appointmentId: null },
    'organisation.servicesOrdered': { organisationId: espoo, serviceIds: [service!.id] },
    'service.saved': { organisationId: espoo, serviceId: id, newQueue: { id: 'espoo-demo-evtest', name: 'Event test' } },
    'expert.removing': { organisationId: espoo, expertId: expert!.id },
    'expert.chatEnabled': {
      organisationId: espoo,
      expertId: expert!.id,
      personalQueue: { id: 'espoo-demo-evtest2', name: 'Event test 2' },
    },
  };
});
afterAll(() => t?.close());

/** Every row a subscriber may write, counted. */
async function written() {
  const db = t.database.db;
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    jobs: await n(db.select({ n: count() }).from(jobs)),
    deliveries: await n(db.select({ n: count() }).from(webhookDeliveries)),
    surveyResponses: await n(db.select({ n: count() }).from(surveyResponses)),
    queues: await n(db.select({ n: count() }).from(chatQueues)),
  };
}

describe('a writer that rolls back emits nothing', () => {
  test.each(Object.keys(DOMAIN_EVENTS) as DomainEvent[])('%s', async (event) => {
    const before = await written();
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.events.emit(tx, event, payloads[event] as never);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await written()).toEqual(before);
  });
});

test('every event has the subscribers docs/architecture.md lists', () => {
  const webhooks = { inTransaction: ['webhooks'], deferred: [] };
  expect(t.app.events.describe()).toEqual({
    'booking.cancelled': { inTransaction: ['webhooks', 'surveys'], deferred: [] },
    'booking.created': { inTransaction: ['webhooks', 'surveys'], deferred: [] },
    'booking.held': webhooks,
    'booking.noShow': webhooks,
    'booking.updated': { inTransaction: ['webhooks', 'surveys'], deferred: [] },
    'chat.accepted': { inTransaction: [], deferred: ['web push'] },
    'chat.ended': { inTransaction: ['webhooks', 'surveys', 'booking'], deferred: [] },
    'expert.chatEnabled': { inTransaction: ['chat queues'], deferred: [] },
    'expert.removing': { inTransaction: ['booking'], deferred: [] },
    'message.answered': { inTransaction: [], deferred: ['web push'] },
    'message.received': webhooks,
    'organisation.servicesOrdered': { inTransaction: ['services'], deferred: [] },
    'service.saved': { inTransaction: ['chat queues'], deferred: [] },
    'survey.answered': webhooks,
  });
});

test('a committed writer’s in-transaction subscribers wrote with it: the webhook delivery, the new queue', async () => {
  const before = await written();
  await t.database.db.transaction(async (tx) => {
    await t.app.events.emit(tx, 'message.received', payloads['message.received']);
    await t.app.events.emit(tx, 'service.saved', payloads['service.saved']);
  });
  expect(await written()).toMatchObject({ deliveries: before.deliveries + 1, queues: before.queues + 1 });
});

test('the web push of a chat taken runs once, after a restart, when the runner that claimed it died', async () => {
  await t.database.db.transaction((tx) => t.app.events.emit(tx, 'chat.accepted', payloads['chat.accepted']));
  const deliver = and(eq(jobs.kind, 'events.deliver'), eq(jobs.state, 'queued'));
  const [queued] = await t.database.db.select({ id: jobs.id }).from(jobs).where(deliver);
  // A runner claims it and dies; its claim runs out at once.
  const dead = await claimJobs(t.database.db, { kinds: ['events.deliver'], now: new Date(), limit: 10, leaseMs: () => 0 });
  expect(dead.claimed.map((j) => j.id)).toContain(queued!.id);
  expect(await t.app.jobs.runOnce({ kinds: ['events.deliver'] })).toMatchObject({ done: 1 });
  expect(await t.app.jobs.runOnce({ kinds: ['events.deliver'] })).toMatchObject({ claimed: 0 });
  expect(await findJob(t.database.db, queued!.id)).toMatchObject({ state: 'done', attempts: 2 });
});
