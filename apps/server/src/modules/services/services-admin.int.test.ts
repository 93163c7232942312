import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, services } from '../../db/schema';
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

  test('a malformed id is a validation error', async () => {
    const res = await (await staffBrowser(t)).fetch('/api/admin/services/not-a-uuid');
    expect(res.status).toBe(400);
  });
});
