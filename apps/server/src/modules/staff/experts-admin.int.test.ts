import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, chatQueues, experts, outboxEmails, staffUsers } from '../../db/schema';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { fieldKeys, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let espoo: string;
beforeAll(async () => ({ t, espoo } = await startStaffTestApp()));
afterAll(() => t.close());

let counter = 0;
const validExpert = (over: Record<string, unknown> = {}) => ({
  firstName: 'Kaisa',
  lastName: 'Kätilö',
  email: `kaisa.${++counter}@espoo.example`,
  specializations: ['nurse', 'publicHealthNurse'],
  communicationLanguage: 'fi',
  chatQueueId: 'espoo-nurse',
  ...over,
});

describe('experts administration', () => {
  test('not signed in: 101; no experts right: 403; view-only cannot create', async () => {
    expect(await (await new TestBrowser(t.baseUrl).fetch('/api/admin/experts/list')).json()).toMatchObject({ statusCode: 101 });
    const none = await staffBrowser(t, { preset: 'custom' });
    expect((await none.fetch('/api/admin/experts/list')).status).toBe(403);
    const booker = await staffBrowser(t, { preset: 'booker' });
    expect((await booker.fetch('/api/admin/experts/list')).status).toBe(200);
    expect((await postJson(booker, '/api/admin/experts/create', validExpert())).status).toBe(403);
  });

  test('the list shows status, searches and pages', async () => {
    const browser = await staffBrowser(t);
    const { data } = await (await browser.fetch('/api/admin/experts/list?search=asiantuntija')).json();
    expect(data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(data.items[0]).toMatchObject({
      email: 'expert@espoo.example',
      status: 'active',
      specializations: ['nurse'],
      chatQueueId: 'espoo-nurse',
    });
    await postJson(browser, '/api/admin/experts/create', validExpert());
    const page = (await (await browser.fetch('/api/admin/experts/list?pageSize=1&page=2')).json()).data;
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await browser.fetch('/api/admin/experts/list?pageSize=500')).status).toBe(400);
  });

  test('creating an expert: no password yet, the registration e-mail queued, audited', async () => {
    const browser = await staffBrowser(t);
    const input = validExpert({ email: 'New.Expert@Espoo.Example', communicationLanguage: 'sv' });
    const res = await postJson(browser, '/api/admin/experts/create', input);
    expect(res.status).toBe(200);
    const expert = (await res.json()).data;
    expect(expert).toMatchObject({
      email: 'new.expert@espoo.example',
      status: 'noPassword',
      // Every expert has a chat user id from the start, so they can take part in a group (issue 28).
      chatUserId: expect.stringMatching(/^cu-[2-9a-z]{16}$/),
      personalQueueId: null,
      communicationLanguage: 'sv',
    });
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'new.expert@espoo.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/expert/register?token=');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, expert.id));
    expect(audit.map((a) => a.action)).toEqual(['expert.create']);
    expect(JSON.stringify(audit)).not.toContain('new.expert');
  });

  test('autoCreateChat creates the chat user and a personal queue in the same transaction', async () => {
    const browser = await staffBrowser(t);
    const res = await postJson(browser, '/api/admin/experts/create', validExpert({ chatQueueId: undefined, autoCreateChat: true }));
    const expert = (await res.json()).data;
    expect(expert.chatUserId).toMatch(/^cu-[2-9a-z]{16}$/);
    expect(expert.chatQueueId).toMatch(/^espoo-demo-/);
    const [queue] = await t.database.db.select().from(chatQueues).where(eq(chatQueues.id, expert.chatQueueId));
    expect(queue).toMatchObject({ organisationId: espoo, expertId: expert.id, name: 'Kaisa Kätilö' });
    const queues = (await (await browser.fetch('/api/admin/experts/chat-queues')).json()).data;
    expect(queues.map((q: { id: string }) => q.id)).toContain(expert.chatQueueId);
  });

  test('spec §5: names, at least one specialization, a correct e-mail, a chat queue id', async () => {
    const browser = await staffBrowser(t);
    const res = await postJson(browser, '/api/admin/experts/create', {
      ...validExpert(),
      firstName: ' ',
      lastName: '',
      email: 'kaisa@',
      specializations: [],
      chatQueueId: '',
    });
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({
      firstName: 'fields.required',
      lastName: 'fields.required',
      email: 'fields.email',
      specializations: 'fields.specializations',
      chatQueueId: 'fields.chatQueue',
    });
    const unknown = await postJson(
      browser,
      '/api/admin/experts/create',
      validExpert({ specializations: ['astrologer'], chatQueueId: 'kaarina-child' }),
    );
    expect(fieldKeys(await unknown.json())).toEqual({ 'specializations.0': 'fields.invalid', chatQueueId: 'fields.chatQueue' });
  });

  test("an expert's address is 1100; an admin's address is not attached (1003)", async () => {
    const browser = await staffBrowser(t);
    const duplicate = await postJson(browser, '/api/admin/experts/create', validExpert({ email: 'EXPERT@espoo.example' }));
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ statusCode: 1100, errorKey: 'errors.emailInUse' });
    const adminAddress = await postJson(browser, '/api/admin/experts/create', validExpert({ email: 'org.admin@espoo.example' }));
    expect(await adminAddress.json()).toMatchObject({ statusCode: 1003, errorKey: 'errors.emailInUseCannotAttach' });
    // Nothing half made: no expert row for the admin.
    const [orgAdmin] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'org.admin@espoo.example'));
    expect(await t.database.db.select().from(experts).where(eq(experts.userId, orgAdmin!.id))).toHaveLength(0);
  });

  test('update changes the expert and their user; the address rules apply', async () => {
    const browser = await staffBrowser(t);
    const expert = (await (await postJson(browser, '/api/admin/experts/create', validExpert())).json()).data;
    const res = await postJson(
      browser,
      `/api/admin/experts/${expert.id}/update`,
      validExpert({ firstName: 'Kaija', email: 'kaija@espoo.example', specializations: ['psychologist'], autoCreateChat: true }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({
      firstName: 'Kaija',
      email: 'kaija@espoo.example',
      specializations: ['psychologist'],
      chatQueueId: 'espoo-nurse',
      chatUserId: expect.stringMatching(/^cu-/),
    });
    const clash = await postJson(browser, `/api/admin/experts/${expert.id}/update`, validExpert({ email: 'admin@prsp.example' }));
    expect(await clash.json()).toMatchObject({ statusCode: 1003 });
    const own = await postJson(browser, `/api/admin/experts/${expert.id}/update`, validExpert({ email: 'kaija@espoo.example' }));
    expect(own.status).toBe(200);
  });

  test('a personal queue for an existing nurse keeps her in her service queue (issue 28)', async () => {
    const admin = await staffBrowser(t);
    const input = validExpert({ firstName: 'Noora', lastName: 'Hoitaja' });
    const nurse = (await (await postJson(admin, '/api/admin/experts/create', input)).json()).data;
    expect(nurse.personalQueueId).toBeNull();
    // The form leaves the service queue as it was when only the personal-queue box is ticked.
    const res = await postJson(admin, `/api/admin/experts/${nurse.id}/update`, { ...input, chatQueueId: undefined, autoCreateChat: true });
    expect(res.status).toBe(200);
    const after = (await res.json()).data;
    expect(after.chatQueueId).toBe('espoo-nurse');
    expect(after.personalQueueId).toMatch(/^espoo-demo-/);
    const { token } = await createSession(t.database.db, t.config.session, {
      staffUserId: nurse.userId,
      appRole: 'expert',
      organisationId: espoo,
    });
    const desk = new TestBrowser(t.baseUrl);
    desk.setCookie('prsp_session', token);
    const queues = (await (await desk.fetch('/api/expert/chat/queues')).json()).data;
    expect(queues.map((q: { id: string }) => q.id).sort()).toEqual(['espoo-nurse', after.personalQueueId].sort());
  });

  test('delete removes the expert, their personal queue and a user left with no place', async () => {
    const browser = await staffBrowser(t);
    const expert = (
      await (
        await postJson(browser, '/api/admin/experts/create', validExpert({ email: 'leaving@espoo.example', autoCreateChat: true }))
      ).json()
    ).data;
    expect((await browser.fetch(`/api/admin/experts/${expert.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await browser.fetch(`/api/admin/experts/${expert.id}`)).status).toBe(404);
    expect(await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'leaving@espoo.example'))).toHaveLength(0);
    expect(await t.database.db.select().from(chatQueues).where(eq(chatQueues.expertId, expert.id))).toHaveLength(0);
    const again = await postJson(browser, '/api/admin/experts/create', validExpert({ email: 'leaving@espoo.example' }));
    expect(again.status).toBe(200);
  });

  test("another organisation's expert is not found", async () => {
    const kaarinaAdmin = await staffBrowser(t, { organisation: 'kaarina-demo' });
    const res = await postJson(kaarinaAdmin, '/api/admin/experts/create', validExpert({ chatQueueId: 'kaarina-child' }));
    const foreign = (await res.json()).data;
    const browser = await staffBrowser(t);
    expect((await browser.fetch(`/api/admin/experts/${foreign.id}`)).status).toBe(404);
    expect((await postJson(browser, `/api/admin/experts/${foreign.id}/update`, validExpert())).status).toBe(404);
    expect((await browser.fetch(`/api/admin/experts/${foreign.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await (await kaarinaAdmin.fetch(`/api/admin/experts/${foreign.id}`)).json()).data.firstName).toBe('Kaisa');
  });
});

describe('the expert app organisation', () => {
  test("an expert gets their organisation's configuration, nothing secret", async () => {
    const [user] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'expert@espoo.example'));
    const { token } = await createSession(t.database.db, t.config.session, {
      staffUserId: user!.id,
      appRole: 'expert',
      organisationId: espoo,
    });
    const browser = new TestBrowser(t.baseUrl);
    browser.setCookie('prsp_session', token);
    const res = await browser.fetch('/api/expert/organisation');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({
      id: espoo,
      name: 'Espoon etävastaanotto',
      flags: { bookingsEnabled: true },
      theme: { primaryColor: '#0B4F8A', backgroundColor: '#F2F6FA' },
      languages: ['fi', 'se', 'en'],
    });
    expect(data.services).toHaveLength(3);
    expect(JSON.stringify(data)).not.toMatch(/ninchat|retention|contactPerson/i);
  });

  test('not signed in, or signed in as an admin: 101', async () => {
    expect(await (await new TestBrowser(t.baseUrl).fetch('/api/expert/organisation')).json()).toMatchObject({ statusCode: 101 });
    expect(await (await (await staffBrowser(t)).fetch('/api/expert/organisation')).json()).toMatchObject({ statusCode: 101 });
  });
});
