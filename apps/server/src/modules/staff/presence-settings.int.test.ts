import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatQueues, experts, organisations } from '../../db/schema';
import { organisationFormData } from '../organisations/organisation-form.steps';
import type { TestBrowser } from '../../test/http-client';
import { fieldKeys, organisationId, postJson, staffBrowser } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * The admins' presence settings (issue 32): an expert's chat limit and shift-lead right (the expert form), the
 * organisation's idle minutes (service settings) and what a service's queue does when nobody is on duty (service form).
 */
let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
let counter = 0;

beforeAll(async () => {
  t = await startTestApp();
  espoo = await organisationId(t, 'espoo-demo');
  kaarina = await organisationId(t, 'kaarina-demo');
  admin = await staffBrowser(t);
});
afterAll(() => t?.close());

const expertInput = (over: Record<string, unknown> = {}) => ({
  firstName: 'Raja',
  lastName: 'Testaaja',
  email: `raja.${++counter}@espoo.example`,
  specializations: ['nurse'],
  communicationLanguage: 'fi',
  chatQueueId: 'espoo-nurse',
  ...over,
});
const serviceInput = (over: Record<string, unknown> = {}) => ({
  name: { fi: 'Päivystys', se: 'Jour', en: 'On call' },
  description: { fi: '', se: '', en: '' },
  icon: 'nurse',
  createQueue: true,
  requiresCode: false,
  selfAssessment: 'none',
  areas: [],
  ...over,
});

describe('the expert form', () => {
  test('sets the limit of chats at once and the shift-lead right; an update without them keeps them', async () => {
    const created = (
      await (await postJson(admin, '/api/admin/experts/create', expertInput({ maxConcurrentChats: 3, shiftLead: true }))).json()
    ).data;
    expect(created).toMatchObject({ maxConcurrentChats: 3, shiftLead: true });
    const kept = await postJson(admin, `/api/admin/experts/${created.id}/update`, expertInput({ email: created.email }));
    expect((await kept.json()).data).toMatchObject({ maxConcurrentChats: 3, shiftLead: true });
    const cleared = await postJson(
      admin,
      `/api/admin/experts/${created.id}/update`,
      expertInput({ email: created.email, maxConcurrentChats: null, shiftLead: false }),
    );
    expect((await cleared.json()).data).toMatchObject({ maxConcurrentChats: null, shiftLead: false });
    const [row] = await t.database.db.select().from(experts).where(eq(experts.id, created.id));
    expect(row).toMatchObject({ maxConcurrentChats: null, shiftLead: false });
  });

  test('a limit below 1, above 50 or not whole is a field error', async () => {
    for (const maxConcurrentChats of [0, 51, 1.5]) {
      const res = await postJson(admin, '/api/admin/experts/create', expertInput({ maxConcurrentChats }));
      expect(res.status).toBe(400);
      expect(fieldKeys(await res.json())).toMatchObject({ maxConcurrentChats: 'fields.invalid' });
    }
  });
});

describe('the organisation settings', () => {
  const post = (body: FormData) => admin.fetch('/api/admin/organisation/update', { method: 'POST', body });

  test('set the idle minutes, shown back in the form; out of range is a field error; another organisation is 404', async () => {
    expect((await post(organisationFormData({ id: espoo, presenceIdleMinutes: '20' }))).status).toBe(200);
    expect((await (await admin.fetch(`/api/admin/organisation/get/${espoo}`)).json()).data.presenceIdleMinutes).toBe(20);
    for (const bad of ['0', '481', 'x']) {
      const res = await post(organisationFormData({ id: espoo, presenceIdleMinutes: bad }));
      expect(res.status).toBe(400);
      expect(fieldKeys(await res.json())).toMatchObject({ presenceIdleMinutes: 'fields.invalid' });
    }
    expect((await post(organisationFormData({ id: kaarina, presenceIdleMinutes: '5' }))).status).toBe(404);
    const [row] = await t.database.db.select().from(organisations).where(eq(organisations.id, kaarina));
    expect(row!.presenceIdleMinutes).toBe(15);
  });
});

describe('the service form', () => {
  test("sets what the service's queue does when nobody is on duty, shown back; left out, it stays", async () => {
    const created = (await (await postJson(admin, '/api/admin/services/create', serviceInput({ whenNobodyOnDuty: 'close' }))).json()).data;
    const detail = (await (await admin.fetch(`/api/admin/services/${created.id}`)).json()).data;
    expect(detail.whenNobodyOnDuty).toBe('close');
    const [queue] = await t.database.db.select().from(chatQueues).where(eq(chatQueues.id, created.chatQueueId));
    expect(queue!.whenNobodyOnDuty).toBe('close');

    const update = (over: Record<string, unknown>) =>
      postJson(
        admin,
        `/api/admin/services/${created.id}/update`,
        serviceInput({ createQueue: false, chatQueueId: created.chatQueueId, ...over }),
      );
    expect((await update({})).status).toBe(200);
    expect((await (await admin.fetch(`/api/admin/services/${created.id}`)).json()).data.whenNobodyOnDuty).toBe('close');
    expect((await update({ whenNobodyOnDuty: 'wait' })).status).toBe(200);
    expect((await (await admin.fetch(`/api/admin/services/${created.id}`)).json()).data.whenNobodyOnDuty).toBe('wait');
    expect((await update({ whenNobodyOnDuty: 'sometimes' })).status).toBe(400);
  });
});
