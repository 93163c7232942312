import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALWAYS_OPEN } from '@prsp/contracts';
import { auditLog, chatQueues, services } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { fieldKeys, organisationId, postJson, staffBrowser } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let kaarinaServiceId: string;
beforeAll(async () => {
  t = await startTestApp();
  const kaarina = await organisationId(t, 'kaarina-demo');
  const [row] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.organisationId, kaarina)).limit(1);
  kaarinaServiceId = row!.id;
});
afterAll(() => t.close());

const validService = (over: Record<string, unknown> = {}) => ({
  name: { fi: 'Ravitsemusterapeutti', se: 'Näringsterapeut', en: 'Nutritionist' },
  description: { fi: 'Ruokavalio-ohjausta', se: 'Kostrådgivning', en: 'Diet advice' },
  icon: 'therapist',
  chatQueueId: 'espoo-nurse',
  requiresCode: false,
  selfAssessment: 'optional',
  areas: ['049'],
  ...over,
});

describe('services administration', () => {
  test('not signed in: 101', async () => {
    const res = await new TestBrowser(t.baseUrl).fetch('/api/admin/services/list');
    expect(await res.json()).toMatchObject({ statusCode: 101 });
  });

  test('rights: no service settings right is 403; view-only may list but not create', async () => {
    expect((await (await staffBrowser(t, { preset: 'booker' })).fetch('/api/admin/services/list')).status).toBe(403);
    const viewer = await staffBrowser(t, { preset: 'operationalAdmin' });
    expect((await viewer.fetch('/api/admin/services/list')).status).toBe(200);
    expect((await postJson(viewer, '/api/admin/services/create', validService())).status).toBe(403);
  });

  test("the list and the queues are the organisation's own", async () => {
    const browser = await staffBrowser(t);
    const list = (await (await browser.fetch('/api/admin/services/list')).json()).data;
    expect(list.map((s: { chatQueueId: string }) => s.chatQueueId).sort()).toEqual(['espoo-doctor', 'espoo-nurse', 'espoo-physio']);
    const queues = (await (await browser.fetch('/api/admin/services/chat-queues')).json()).data;
    expect(queues.map((q: { id: string }) => q.id).sort()).toEqual(['espoo-doctor', 'espoo-nurse', 'espoo-physio']);
  });

  test('create, get, update and delete a service; each is audited', async () => {
    const browser = await staffBrowser(t);
    const created = await postJson(browser, '/api/admin/services/create', validService());
    expect(created.status).toBe(200);
    const service = (await created.json()).data;
    expect(service).toMatchObject({ name: { en: 'Nutritionist' }, icon: 'therapist', chatQueueId: 'espoo-nurse', areas: ['049'] });

    expect((await (await browser.fetch(`/api/admin/services/${service.id}`)).json()).data.id).toBe(service.id);
    const updated = await postJson(
      browser,
      `/api/admin/services/${service.id}/update`,
      validService({ icon: 'doctor', selfAssessment: 'mandatory', requiresCode: true }),
    );
    expect((await updated.json()).data).toMatchObject({ icon: 'doctor', selfAssessment: 'mandatory', requiresCode: true });

    expect((await browser.fetch(`/api/admin/services/${service.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await browser.fetch(`/api/admin/services/${service.id}`)).status).toBe(404);
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, service.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['service.create', 'service.delete', 'service.update']);
  });

  test('the kind of open times (issue 29): chat unless chosen, saved and read back, kept when an edit leaves it out', async () => {
    const browser = await staffBrowser(t);
    const plain = (await (await postJson(browser, '/api/admin/services/create', validService())).json()).data;
    expect(plain.openTimeKind).toBe('chat');
    const created = await postJson(browser, '/api/admin/services/create', validService({ openTimeKind: 'video' }));
    const service = (await created.json()).data;
    expect(service.openTimeKind).toBe('video');
    expect((await (await browser.fetch(`/api/admin/services/${service.id}`)).json()).data.openTimeKind).toBe('video');
    const list = (await (await browser.fetch('/api/admin/services/list')).json()).data;
    expect(list.find((s: { id: string }) => s.id === service.id).openTimeKind).toBe('video');
    const kept = await postJson(browser, `/api/admin/services/${service.id}/update`, validService({ icon: 'doctor' }));
    expect((await kept.json()).data).toMatchObject({ icon: 'doctor', openTimeKind: 'video' });
    const changed = await postJson(browser, `/api/admin/services/${service.id}/update`, validService({ openTimeKind: 'chat' }));
    expect((await changed.json()).data.openTimeKind).toBe('chat');
    const [row] = await t.database.db.select().from(services).where(eq(services.id, service.id));
    expect(row!.openTimeKind).toBe('chat');
    const bad = await postJson(browser, '/api/admin/services/create', validService({ openTimeKind: 'phone' }));
    expect(bad.status).toBe(400);
    expect(fieldKeys(await bad.json())).toHaveProperty('openTimeKind');
  });

  test('createQueue makes a new queue of the organisation for the service', async () => {
    const browser = await staffBrowser(t);
    const res = await postJson(browser, '/api/admin/services/create', validService({ chatQueueId: undefined, createQueue: true }));
    const service = (await res.json()).data;
    expect(service.chatQueueId).toMatch(/^espoo-demo-[2-9a-z]{6}$/);
    const queues = (await (await browser.fetch('/api/admin/services/chat-queues')).json()).data;
    expect(queues).toContainEqual({ id: service.chatQueueId, name: 'Ravitsemusterapeutti', expertId: null });
  });

  test("spec §5: name in every language, icon, valid queue id; the area within the organisation's", async () => {
    const browser = await staffBrowser(t);
    const res = await postJson(
      browser,
      '/api/admin/services/create',
      validService({ name: { fi: 'Nimi', se: ' ', en: '' }, icon: undefined, chatQueueId: '' }),
    );
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({
      'name.se': 'fields.required',
      'name.en': 'fields.required',
      icon: 'fields.required',
      chatQueueId: 'fields.chatQueue',
    });

    const foreign = await postJson(
      browser,
      '/api/admin/services/create',
      validService({ chatQueueId: 'kaarina-child', areas: ['853', '049'] }),
    );
    expect(fieldKeys(await foreign.json())).toEqual({ chatQueueId: 'fields.chatQueue', 'areas.0': 'fields.serviceArea' });
  });

  test("another organisation's service is not found, and stays as it was", async () => {
    const browser = await staffBrowser(t);
    expect((await browser.fetch(`/api/admin/services/${kaarinaServiceId}`)).status).toBe(404);
    expect((await postJson(browser, `/api/admin/services/${kaarinaServiceId}/update`, validService())).status).toBe(404);
    expect((await browser.fetch(`/api/admin/services/${kaarinaServiceId}`, { method: 'DELETE' })).status).toBe(404);
    const [row] = await t.database.db.select().from(services).where(eq(services.id, kaarinaServiceId));
    expect(row!.name.en).not.toBe('Nutritionist');
  });

  test("opening hours: the detail carries the queue's, create and update write them to the queue, left out they stay", async () => {
    const browser = await staffBrowser(t);
    const queueHours = async (id: string) =>
      (await t.database.db.select({ h: chatQueues.openingHours }).from(chatQueues).where(eq(chatQueues.id, id)))[0]!.h;
    const created = (await (await postJson(browser, '/api/admin/services/create', validService({ chatQueueId: 'espoo-physio' }))).json())
      .data;
    expect(created.openingHours).toEqual(ALWAYS_OPEN);

    const hours = {
      alwaysOpen: false,
      closed: false,
      weekly: [
        { weekday: 2, opens: '12:30', closes: '16:00' },
        { weekday: 1, opens: '08:00', closes: '16:00' },
        { weekday: 2, opens: '08:00', closes: '11:30' },
      ],
      exceptions: [
        { date: '2026-12-31', closed: false, opens: '09:00', closes: '12:00' },
        { date: '2026-12-24', closed: true, opens: '09:00', closes: '12:00' },
      ],
    };
    const updated = await postJson(
      browser,
      `/api/admin/services/${created.id}/update`,
      validService({ chatQueueId: 'espoo-physio', openingHours: hours }),
    );
    expect(updated.status).toBe(200);
    // Stored in order; a day closed all day keeps no hours.
    const stored = {
      alwaysOpen: false,
      closed: false,
      weekly: [
        { weekday: 1, opens: '08:00', closes: '16:00' },
        { weekday: 2, opens: '08:00', closes: '11:30' },
        { weekday: 2, opens: '12:30', closes: '16:00' },
      ],
      exceptions: [
        { date: '2026-12-24', closed: true },
        { date: '2026-12-31', closed: false, opens: '09:00', closes: '12:00' },
      ],
    };
    expect((await updated.json()).data.openingHours).toEqual(stored);
    expect(await queueHours('espoo-physio')).toEqual(stored);
    expect((await (await browser.fetch(`/api/admin/services/${created.id}`)).json()).data.openingHours).toEqual(stored);

    // An update without hours leaves the queue's as they are; the admin's closed switch is saved as such.
    await postJson(browser, `/api/admin/services/${created.id}/update`, validService({ chatQueueId: 'espoo-physio', icon: 'doctor' }));
    expect(await queueHours('espoo-physio')).toEqual(stored);
    await postJson(
      browser,
      `/api/admin/services/${created.id}/update`,
      validService({ chatQueueId: 'espoo-physio', openingHours: { ...stored, closed: true } }),
    );
    expect((await queueHours('espoo-physio')).closed).toBe(true);
    await postJson(
      browser,
      `/api/admin/services/${created.id}/update`,
      validService({ chatQueueId: 'espoo-physio', openingHours: ALWAYS_OPEN }),
    );
    expect(await queueHours('espoo-physio')).toEqual(ALWAYS_OPEN);

    // A new queue starts with the hours the form gave.
    const withQueue = await postJson(
      browser,
      '/api/admin/services/create',
      validService({
        chatQueueId: undefined,
        createQueue: true,
        openingHours: { ...ALWAYS_OPEN, alwaysOpen: false, weekly: [stored.weekly[0]] },
      }),
    );
    const service = (await withQueue.json()).data;
    expect(await queueHours(service.chatQueueId)).toMatchObject({ alwaysOpen: false, weekly: [stored.weekly[0]] });
  });

  test('opening hours rules: each range in order, no overlap on a weekday, an open exception with its hours; nothing saved', async () => {
    const browser = await staffBrowser(t);
    const before = (await t.database.db.select().from(chatQueues).where(eq(chatQueues.id, 'espoo-doctor')))[0]!.openingHours;
    const res = await postJson(
      browser,
      '/api/admin/services/create',
      validService({
        chatQueueId: 'espoo-doctor',
        openingHours: {
          alwaysOpen: false,
          closed: false,
          weekly: [
            { weekday: 1, opens: '16:00', closes: '08:00' },
            { weekday: 3, opens: '08:00', closes: '12:00' },
            { weekday: 3, opens: '11:00', closes: '14:00' },
            { weekday: 7, opens: '8:00', closes: '12:00' },
          ],
          exceptions: [{ date: '2026-05-01', closed: false }],
        },
      }),
    );
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({
      'openingHours.weekly.0.closes': 'fields.beforeStart',
      'openingHours.weekly.2.opens': 'fields.hoursOverlap',
      'openingHours.weekly.3.opens': 'fields.invalid',
      'openingHours.exceptions.0.opens': 'fields.required',
      'openingHours.exceptions.0.closes': 'fields.required',
    });
    expect((await t.database.db.select().from(chatQueues).where(eq(chatQueues.id, 'espoo-doctor')))[0]!.openingHours).toEqual(before);
  });

  test("a service's hours go only to its own organisation's queue", async () => {
    const browser = await staffBrowser(t);
    const res = await postJson(
      browser,
      '/api/admin/services/create',
      validService({ chatQueueId: 'kaarina-child', openingHours: { ...ALWAYS_OPEN, closed: true } }),
    );
    expect(fieldKeys(await res.json())).toEqual({ chatQueueId: 'fields.chatQueue' });
    expect((await t.database.db.select().from(chatQueues).where(eq(chatQueues.id, 'kaarina-child')))[0]!.openingHours.closed).toBe(false);
  });

  test('a malformed id is a validation error', async () => {
    const res = await (await staffBrowser(t)).fetch('/api/admin/services/not-a-uuid');
    expect(res.status).toBe(400);
  });
});
