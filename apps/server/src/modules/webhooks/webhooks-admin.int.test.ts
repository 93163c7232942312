import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NO_RIGHTS, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointCreated } from '@prsp/contracts';
import { auditLog, jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { TestBrowser } from '../../test/http-client';
import { fieldKeys, postJson, staffBrowser } from '../../test/staff-accounts';
import { startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { expectError, okData } from '../patients/patient.steps';

/**
 * The admin's webhook routes (docs/webhooks.md): who may list and change, what is validated, that the secret is
 * shown once and kept encrypted, that each change is audited, and that another organisation's endpoint is not found.
 */
const E = '/api/admin/webhooks/endpoints';
let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t);
});
afterAll(() => t?.close());

const create = (browser: TestBrowser, body: unknown) => postJson(browser, `${E}/create`, body);
const good = { url: 'http://127.0.0.1:3406/hooks', events: ['booking.created', 'survey.answered'] };

describe('endpoints', () => {
  test('create shows the secret once; it is stored encrypted; the list never shows it; every change is audited', async () => {
    const res = await create(admin, good);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { endpoint, secret } = await okData<WebhookEndpointCreated>(res);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toEqual({ id: expect.any(String), url: good.url, events: good.events, active: true, createdAt: expect.any(String) });

    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secretEncrypted).not.toContain(secret.slice(6));
    expect(createFieldCipher(t.config.dataKey).decrypt(row!.secretEncrypted)).toBe(secret);
    expect(row!.organisationId).toBe(espoo);

    const listRes = await admin.fetch(E);
    const listText = await listRes.clone().text();
    expect(listText).not.toContain('whsec_');
    expect((await okData<WebhookEndpoint[]>(listRes)).map((e) => e.id)).toContain(endpoint.id);

    const updated = await okData<WebhookEndpoint>(postJson(admin, `${E}/${endpoint.id}/update`, { active: false, events: ['chat.ended'] }));
    expect(updated).toMatchObject({ active: false, events: ['chat.ended'], url: good.url });
    // A switched-off endpoint takes no test event.
    await expectError(postJson(admin, `${E}/${endpoint.id}/test`), 403, 403);
    await okData(admin.fetch(`${E}/${endpoint.id}`, { method: 'DELETE' }));
    expect(await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))).toEqual([]);

    const audits = await t.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'webhookEndpoint'), eq(auditLog.objectId, endpoint.id)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['webhooks.endpointCreate', 'webhooks.endpointUpdate', 'webhooks.endpointDelete']);
    expect(JSON.stringify(audits)).not.toMatch(/whsec_|127\.0\.0\.1/);
  });

  test('validation: a URL, at least one known event, no repeats', async () => {
    const bad = async (body: unknown) => fieldKeys(await expectError(create(admin, body), 400, 400));
    expect(await bad({ ...good, url: 'not a url' })).toEqual({ url: 'fields.webhookUrl' });
    expect(await bad({ ...good, url: 'ftp://hooks.example.com/' })).toEqual({ url: 'fields.webhookUrl' });
    expect(await bad({ ...good, events: [] })).toEqual({ events: 'fields.webhookEvents' });
    expect(await bad({ ...good, events: ['booking.created', 'patient.died'] })).toMatchObject({ 'events.1': 'fields.invalid' });
    expect(await bad({ ...good, events: ['chat.ended', 'chat.ended'] })).toEqual({ events: 'fields.invalid' });
    expect(await bad({ url: '', events: ['chat.ended'] })).toEqual({ url: 'fields.required' });
  });

  test('a test event queues a delivery listed with its outcome, filterable by endpoint', async () => {
    const a = (await okData<WebhookEndpointCreated>(create(admin, good))).endpoint;
    const b = (await okData<WebhookEndpointCreated>(create(admin, good))).endpoint;
    const queued = await okData<WebhookDelivery>(postJson(admin, `${E}/${a.id}/test`));
    expect(queued).toMatchObject({ endpointId: a.id, event: 'webhook.test', state: 'pending', attempts: 0, lastStatusCode: null });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'webhooks.deliver'));
    expect(job).toMatchObject({ payload: { deliveryId: queued.id }, maxAttempts: 12 });
    const ofA = await okData<WebhookDelivery[]>(admin.fetch(`/api/admin/webhooks/deliveries?endpointId=${a.id}`));
    expect(ofA.map((d) => d.id)).toEqual([queued.id]);
    expect(await okData<WebhookDelivery[]>(admin.fetch(`/api/admin/webhooks/deliveries?endpointId=${b.id}`))).toEqual([]);
    expect((await okData<WebhookDelivery[]>(admin.fetch('/api/admin/webhooks/deliveries'))).map((d) => d.id)).toContain(queued.id);
    await expectError(admin.fetch('/api/admin/webhooks/deliveries?endpointId=nope'), 400, 400);
    const [payload] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued.id));
    expect(payload!.payload).toEqual({
      id: expect.any(String),
      type: 'webhook.test',
      timestamp: expect.any(String),
      organisationId: espoo,
      data: { endpointId: a.id },
    });
  });
});

describe('access', () => {
  test('signed out 101; an admin without the service-settings right 403; view-only may list, not change', async () => {
    await expectError(new TestBrowser(t.baseUrl).fetch(E), 401, 101);
    const booker = await staffBrowser(t, { preset: 'booker' });
    await expectError(booker.fetch(E), 403, 403);
    await expectError(booker.fetch('/api/admin/webhooks/deliveries'), 403, 403);
    await expectError(create(booker, good), 403, 403);
    const viewer = await staffBrowser(t, { preset: 'custom', rights: { ...NO_RIGHTS, serviceSettings: { view: true, edit: false } } });
    await okData(viewer.fetch(E));
    await okData(viewer.fetch('/api/admin/webhooks/deliveries'));
    await expectError(create(viewer, good), 403, 403);
    const expert = await staffBrowser(t, { appRole: 'expert' });
    await expectError(expert.fetch(E), 401, 101);
  });

  test("another organisation's admin neither sees nor reaches an endpoint: its id is 404 on every route", async () => {
    const ours = (await okData<WebhookEndpointCreated>(create(admin, good))).endpoint;
    const other = await staffBrowser(t, { organisation: 'kaarina-demo' });
    const theirs = (await okData<WebhookEndpointCreated>(create(other, good))).endpoint;
    expect((await okData<WebhookEndpoint[]>(other.fetch(E))).map((e) => e.id)).toEqual([theirs.id]);
    await expectError(postJson(other, `${E}/${ours.id}/update`, { active: false, events: ['chat.ended'] }), 404, 404);
    await expectError(postJson(other, `${E}/${ours.id}/test`), 404, 404);
    await expectError(other.fetch(`${E}/${ours.id}`, { method: 'DELETE' }), 404, 404);
    await expectError(other.fetch(`/api/admin/webhooks/deliveries?endpointId=${ours.id}`), 404, 404);
    const [still] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ours.id));
    expect(still).toMatchObject({ active: true, organisationId: espoo });
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, theirs.id));
    expect(row!.organisationId).toBe(kaarina);
  });
});
