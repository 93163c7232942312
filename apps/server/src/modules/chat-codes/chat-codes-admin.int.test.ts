import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NO_RIGHTS } from '@prsp/contracts';
import { auditLog, chatCodeGroups, services } from '../../db/schema';
import { addDays, endOfYear, localDateAt } from '@prsp/contracts';
import { TestBrowser } from '../../test/http-client';
import { fieldKeys, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { okData } from '../patients/patient.steps';
import { makeCategory, makeMessageCode, makeSubcategory } from '../messaging/categories.steps';

/**
 * Code groups of both targets: chat codes for a service (`/api/admin/chat-codes`) and message codes for a
 * subcategory of async messaging (`/api/admin/message-codes`), one service and one table behind two route sets.
 */
let t: TestApp;
let espoo: string;
let kaarina: string;
let physioId: string;
let kaarinaServiceId: string;
let category: { id: string };
let subcategory: { id: string };
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  const [physio] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.slug, 'physio'));
  physioId = physio!.id;
  const [other] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.organisationId, kaarina)).limit(1);
  kaarinaServiceId = other!.id;
  category = await makeCategory(t.database.db, espoo, { openAccess: false, fi: 'Rajattu' });
  subcategory = await makeSubcategory(t.database.db, espoo, category.id, { openAccess: false, fi: 'Kotiharjoitteet' });
});
afterAll(() => t.close());

const validGroup = (over: Record<string, unknown> = {}) => ({
  name: 'Fysioterapia syksy',
  serviceId: physioId,
  totalCodes: 25,
  usesPerCode: 2,
  expiryPreset: 'endOfYear',
  ...over,
});

const today = () => localDateAt(new Date());

describe('chat code groups (target: a service)', () => {
  test('not signed in: 101; no chat code right: 403', async () => {
    expect(await (await new TestBrowser(t.baseUrl).fetch('/api/admin/chat-codes/list')).json()).toMatchObject({ statusCode: 101 });
    const booker = await staffBrowser(t, { preset: 'booker' });
    expect((await booker.fetch('/api/admin/chat-codes/list')).status).toBe(403);
    expect((await postJson(booker, '/api/admin/chat-codes/create', validGroup())).status).toBe(403);
  });

  test("the list has the organisation's groups with use counts; the services to choose from", async () => {
    const browser = await staffBrowser(t);
    const groups = (await (await browser.fetch('/api/admin/chat-codes/list')).json()).data;
    const used = groups.find((g: { name: string }) => g.name === 'Käytetty koodi');
    expect(used).toMatchObject({
      usedCodes: 1,
      totalCodes: 1,
      target: { kind: 'service', serviceId: physioId, serviceName: { en: 'Physiotherapist' } },
    });
    const choices = (await (await browser.fetch('/api/admin/chat-codes/services')).json()).data;
    expect(choices.find((s: { id: string }) => s.id === physioId)).toMatchObject({ requiresCode: true });
    expect(choices.map((s: { id: string }) => s.id)).not.toContain(kaarinaServiceId);
  });

  test('creating generates every code, unambiguous and unique; the preset sets the expiry', async () => {
    const browser = await staffBrowser(t);
    const res = await postJson(browser, '/api/admin/chat-codes/create', validGroup());
    expect(res.status).toBe(200);
    const group = (await res.json()).data;
    expect(group).toMatchObject({ totalCodes: 25, usesPerCode: 2, usedCodes: 0, startDate: today(), expiryDate: endOfYear(today()) });
    const codes = (await (await browser.fetch(`/api/admin/chat-codes/${group.id}/codes`)).json()).data;
    expect(codes).toHaveLength(25);
    expect(new Set(codes.map((c: { code: string }) => c.code)).size).toBe(25);
    for (const c of codes) expect(c).toMatchObject({ code: expect.stringMatching(/^[2-9A-HJ-NP-Z]{10}$/), useCount: 0, usesPerCode: 2 });
  });

  test('an explicit start and expiry date; no expiry', async () => {
    const browser = await staffBrowser(t);
    const start = addDays(today(), 3);
    const dated = (
      await (
        await postJson(
          browser,
          '/api/admin/chat-codes/create',
          validGroup({ expiryPreset: undefined, startDate: start, expiryDate: addDays(start, 10) }),
        )
      ).json()
    ).data;
    expect(dated).toMatchObject({ startDate: start, expiryDate: addDays(start, 10) });
    const open = (
      await (
        await postJson(browser, '/api/admin/chat-codes/create', validGroup({ expiryPreset: 'noExpirationDate', totalCodes: 1 }))
      ).json()
    ).data;
    expect(open).toMatchObject({ expiryDate: null });
  });

  test('date errors come with the other fields, all at once (issue 30)', async () => {
    const browser = await staffBrowser(t);
    const past = addDays(today(), -1);
    const both = await postJson(browser, '/api/admin/chat-codes/create', validGroup({ name: ' ', totalCodes: 0, startDate: past }));
    expect(fieldKeys(await both.json())).toEqual({ name: 'fields.required', totalCodes: 'fields.codeCount', startDate: 'fields.pastDate' });
    const reversed = await postJson(
      browser,
      '/api/admin/chat-codes/create',
      validGroup({ usesPerCode: 0, expiryPreset: undefined, startDate: addDays(today(), 3), expiryDate: addDays(today(), 2) }),
    );
    expect(fieldKeys(await reversed.json())).toEqual({ usesPerCode: 'fields.usesPerCode', expiryDate: 'fields.expiryBeforeStart' });
    // A date that is no date gets its own message only.
    const badDate = await postJson(browser, '/api/admin/chat-codes/create', validGroup({ name: '', startDate: '2030-02-30' }));
    expect(fieldKeys(await badDate.json())).toEqual({ name: 'fields.required', startDate: 'fields.date' });
    const message = await postJson(browser, `${MESSAGE_CODES}/create`, messageGroup({ totalCodes: 0, startDate: past }));
    expect(fieldKeys(await message.json())).toEqual({ totalCodes: 'fields.codeCount', startDate: 'fields.pastDate' });
  });

  test('spec §5: name, service, more than 0 codes, uses, dates', async () => {
    const browser = await staffBrowser(t);
    const res = await postJson(browser, '/api/admin/chat-codes/create', { name: ' ', totalCodes: 0, usesPerCode: 0 });
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({
      name: 'fields.required',
      serviceId: 'fields.required',
      totalCodes: 'fields.codeCount',
      usesPerCode: 'fields.usesPerCode',
      expiryDate: 'fields.required',
    });
    expect(fieldKeys(await (await postJson(browser, '/api/admin/chat-codes/create', validGroup({ totalCodes: 10_001 }))).json())).toEqual({
      totalCodes: 'fields.codeCount',
    });
    const past = await postJson(browser, '/api/admin/chat-codes/create', validGroup({ startDate: addDays(today(), -1) }));
    expect(fieldKeys(await past.json())).toEqual({ startDate: 'fields.pastDate' });
    const pastExpiry = await postJson(
      browser,
      '/api/admin/chat-codes/create',
      validGroup({ expiryPreset: undefined, expiryDate: addDays(today(), -1) }),
    );
    expect(fieldKeys(await pastExpiry.json())).toEqual({ expiryDate: 'fields.pastDate' });
    const reversed = await postJson(
      browser,
      '/api/admin/chat-codes/create',
      validGroup({ expiryPreset: 'today', startDate: addDays(today(), 2) }),
    );
    expect(fieldKeys(await reversed.json())).toEqual({ expiryPreset: 'fields.expiryBeforeStart' });
    const badDate = await postJson(
      browser,
      '/api/admin/chat-codes/create',
      validGroup({ expiryPreset: undefined, expiryDate: '2030-02-30' }),
    );
    expect(fieldKeys(await badDate.json())).toEqual({ expiryDate: 'fields.date' });
    const foreign = await postJson(browser, '/api/admin/chat-codes/create', validGroup({ serviceId: kaarinaServiceId }));
    expect(fieldKeys(await foreign.json())).toEqual({ serviceId: 'fields.invalid' });
  });

  test('update the name and uses; delete the group with its codes', async () => {
    const browser = await staffBrowser(t);
    const group = (await (await postJson(browser, '/api/admin/chat-codes/create', validGroup({ totalCodes: 3 }))).json()).data;
    const updated = await postJson(browser, `/api/admin/chat-codes/${group.id}/update`, { name: 'Uusi nimi', usesPerCode: 5 });
    expect((await updated.json()).data).toMatchObject({ name: 'Uusi nimi', usesPerCode: 5, totalCodes: 3 });
    expect(
      fieldKeys(await (await postJson(browser, `/api/admin/chat-codes/${group.id}/update`, { name: '', usesPerCode: 0 })).json()),
    ).toEqual({
      name: 'fields.required',
      usesPerCode: 'fields.usesPerCode',
    });
    expect((await browser.fetch(`/api/admin/chat-codes/${group.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await browser.fetch(`/api/admin/chat-codes/${group.id}/codes`)).status).toBe(404);
  });

  test('a group’s service and dates can be corrected; the new service must be the organisation’s, the dates valid (issue 28)', async () => {
    const browser = await staffBrowser(t);
    const group = (await (await postJson(browser, '/api/admin/chat-codes/create', validGroup({ totalCodes: 2 }))).json()).data;
    const [other] = await t.database.db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.organisationId, espoo), eq(services.slug, 'doctor')));
    const start = addDays(today(), 3);
    const end = addDays(today(), 40);
    const body = { name: group.name, usesPerCode: 2, serviceId: other!.id, startDate: start, expiryDate: end };
    const corrected = await okData(postJson(browser, `/api/admin/chat-codes/${group.id}/update`, body));
    expect(corrected).toMatchObject({
      target: { kind: 'service', serviceId: other!.id },
      startDate: start,
      expiryDate: end,
      totalCodes: 2,
    });
    const [row] = await t.database.db.select().from(chatCodeGroups).where(eq(chatCodeGroups.id, group.id));
    expect(row!.serviceId).toBe(other!.id);

    // No expiry through its preset; the name and uses as they were.
    const open = await okData(
      postJson(browser, `/api/admin/chat-codes/${group.id}/update`, { ...body, expiryDate: undefined, expiryPreset: 'noExpirationDate' }),
    );
    expect(open).toMatchObject({ expiryDate: null, startDate: start });

    const refused = async (patch: Record<string, unknown>) =>
      fieldKeys(await (await postJson(browser, `/api/admin/chat-codes/${group.id}/update`, { ...body, ...patch })).json());
    expect(await refused({ serviceId: kaarinaServiceId })).toEqual({ serviceId: 'fields.invalid' });
    expect(await refused({ startDate: addDays(today(), -1) })).toEqual({ startDate: 'fields.pastDate' });
    expect(await refused({ expiryDate: addDays(today(), -1) })).toEqual({ expiryDate: 'fields.pastDate' });
    expect(await refused({ expiryDate: addDays(start, -1) })).toEqual({ expiryDate: 'fields.expiryBeforeStart' });
    expect(await refused({ subcategoryId: subcategory.id })).toEqual({ subcategoryId: 'fields.invalid' });
    expect(await refused({ expiryPreset: 'endOfYear' })).toEqual({ expiryDate: 'fields.invalid' });

    // Another organisation's group stays out of reach; a view-only admin may not correct.
    const kaarinaAdmin = await staffBrowser(t, { organisation: 'kaarina-demo' });
    expect((await postJson(kaarinaAdmin, `/api/admin/chat-codes/${group.id}/update`, body)).status).toBe(404);
    const viewer = await staffBrowser(t, { preset: 'custom', rights: { ...NO_RIGHTS, chatCodes: { view: true, edit: false } } });
    expect((await postJson(viewer, `/api/admin/chat-codes/${group.id}/update`, body)).status).toBe(403);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, group.id));
    expect(audits.find((a) => a.action === 'chatCodes.groupUpdate')!.details).toEqual({
      changed: ['serviceId', 'startDate', 'expiryDate'],
      serviceId: other!.id,
    });
  });

  test('the CSV download for spreadsheets: BOM, ;, headers in the admin’s language, group and validity; audited without the codes', async () => {
    const browser = await staffBrowser(t, { preset: 'operationalAdmin' });
    const group = (await (await postJson(browser, '/api/admin/chat-codes/create', validGroup({ totalCodes: 4, usesPerCode: 1 }))).json())
      .data;
    const res = await browser.fetch(`/api/admin/chat-codes/${group.id}/codes.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="chat-codes-${group.id}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes.slice(3));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Koodi;Ryhmä;Voimassa alkaen;Voimassa asti;Käyttökerrat;Käyttökertoja koodia kohden');
    const finnishDate = (date: string) => date.split('-').reverse().map(Number).join('.');
    expect(group.expiryDate).toMatch(/-12-31$/);
    for (const line of lines.slice(1, 5)) {
      const fields = line.split(';');
      expect(fields[0]).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
      expect(fields.slice(1)).toEqual(['Fysioterapia syksy', finnishDate(group.startDate), finnishDate(group.expiryDate), '0', '1']);
    }
    expect(lines[5]).toBe('');
    const english = await (await browser.fetch(`/api/admin/chat-codes/${group.id}/codes.csv?lang=en`)).text();
    expect(english.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Code;Group;Valid from;Valid until;Used;Uses per code');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, group.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['chatCodes.groupCreate', 'chatCodes.download']));
    expect(JSON.stringify(audit)).not.toContain(lines[1]!.slice(0, 10));
  });

  test("another organisation's group is not found", async () => {
    const kaarinaAdmin = await staffBrowser(t, { organisation: 'kaarina-demo' });
    const foreign = (
      await (await postJson(kaarinaAdmin, '/api/admin/chat-codes/create', validGroup({ serviceId: kaarinaServiceId }))).json()
    ).data;
    const browser = await staffBrowser(t);
    for (const path of [`/api/admin/chat-codes/${foreign.id}/codes`, `/api/admin/chat-codes/${foreign.id}/codes.csv`]) {
      expect((await browser.fetch(path)).status).toBe(404);
    }
    expect((await postJson(browser, `/api/admin/chat-codes/${foreign.id}/update`, { name: 'x', usesPerCode: 1 })).status).toBe(404);
    expect((await browser.fetch(`/api/admin/chat-codes/${foreign.id}`, { method: 'DELETE' })).status).toBe(404);
    const [row] = await t.database.db.select().from(chatCodeGroups).where(eq(chatCodeGroups.id, foreign.id));
    expect(row!.name).toBe('Fysioterapia syksy');
  });
});

const MESSAGE_CODES = '/api/admin/message-codes';
const messageGroup = (over: Record<string, unknown> = {}) => ({
  name: 'Jatkohoito',
  subcategoryId: subcategory.id,
  totalCodes: 5,
  usesPerCode: 2,
  expiryPreset: 'noExpirationDate',
  ...over,
});

describe('message code groups (target: a subcategory)', () => {
  test('create generates the codes for a subcategory; list, codes, update, CSV and delete, each write audited', async () => {
    const admin = await staffBrowser(t);
    const API = MESSAGE_CODES;
    const group = await okData<{ id: string }>(postJson(admin, `${API}/create`, messageGroup()));
    expect(group).toMatchObject({
      name: 'Jatkohoito',
      target: {
        kind: 'subcategory',
        subcategoryId: subcategory.id,
        categoryName: { fi: 'Rajattu' },
        subcategoryName: { fi: 'Kotiharjoitteet' },
      },
      totalCodes: 5,
      usesPerCode: 2,
      expiryDate: null,
      usedCodes: 0,
    });
    const listed = await okData<{ id: string }[]>(admin.fetch(`${API}/list`));
    expect(listed.map((g) => g.id)).toContain(group.id);
    const codes = await okData<{ code: string }[]>(admin.fetch(`${API}/${group.id}/codes`));
    expect(codes).toHaveLength(5);
    for (const c of codes) expect(c).toMatchObject({ code: expect.stringMatching(/^[2-9A-HJ-NP-Z]{10}$/), useCount: 0, usesPerCode: 2 });
    expect(await okData(postJson(admin, `${API}/${group.id}/update`, { name: 'Uusi', usesPerCode: 3 }))).toMatchObject({
      name: 'Uusi',
      usesPerCode: 3,
    });
    const csv = await admin.fetch(`${API}/${group.id}/codes.csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="message-codes-${group.id}.csv"`);
    const lines = (await csv.text()).replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Koodi;Ryhmä;Voimassa alkaen;Voimassa asti;Käyttökerrat;Käyttökertoja koodia kohden');
    expect(lines.filter((l) => l.includes(';Uusi;'))).toHaveLength(5);
    expect((await admin.fetch(`${API}/${group.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await admin.fetch(`${API}/${group.id}/codes`)).status).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, group.id));
    expect(audits.map((a) => [a.action, a.objectType])).toEqual([
      ['messageCodes.groupCreate', 'messageCodeGroup'],
      ['messageCodes.groupUpdate', 'messageCodeGroup'],
      ['messageCodes.download', 'messageCodeGroup'],
      ['messageCodes.groupDelete', 'messageCodeGroup'],
    ]);
    expect(JSON.stringify(audits)).not.toContain(codes[0]!.code);
  });

  test('spec §5: a subcategory of the organisation, more than 0 codes, dates', async () => {
    const admin = await staffBrowser(t);
    const missing = await postJson(admin, `${MESSAGE_CODES}/create`, messageGroup({ subcategoryId: undefined, totalCodes: 0 }));
    expect(missing.status).toBe(400);
    expect(fieldKeys(await missing.json())).toEqual({ subcategoryId: 'fields.subcategoryRequired', totalCodes: 'fields.codeCount' });
    const foreignCategory = await makeCategory(t.database.db, kaarina);
    const foreign = await makeSubcategory(t.database.db, kaarina, foreignCategory.id);
    const res = await postJson(admin, `${MESSAGE_CODES}/create`, messageGroup({ subcategoryId: foreign.id }));
    expect(fieldKeys(await res.json())).toEqual({ subcategoryId: 'fields.invalid' });
    const past = await postJson(admin, `${MESSAGE_CODES}/create`, messageGroup({ startDate: '2020-01-01' }));
    expect(fieldKeys(await past.json())).toEqual({ startDate: 'fields.pastDate' });
    const reversed = await postJson(
      admin,
      `${MESSAGE_CODES}/create`,
      messageGroup({ expiryPreset: 'today', startDate: addDays(today(), 2) }),
    );
    expect(fieldKeys(await reversed.json())).toEqual({ expiryPreset: 'fields.expiryBeforeStart' });
    // A service is no target here, nor a subcategory one on the chat codes' routes.
    expect((await postJson(admin, `${MESSAGE_CODES}/create`, { ...messageGroup(), subcategoryId: physioId })).status).toBe(400);
    const wrongKind = await postJson(admin, '/api/admin/chat-codes/create', validGroup({ serviceId: subcategory.id }));
    expect(fieldKeys(await wrongKind.json())).toEqual({ serviceId: 'fields.invalid' });
  });

  test('a group’s subcategory and dates can be corrected; the new subcategory must be the organisation’s (issue 28)', async () => {
    const admin = await staffBrowser(t);
    const group = await okData<{ id: string; name: string }>(postJson(admin, `${MESSAGE_CODES}/create`, messageGroup({ totalCodes: 2 })));
    const other = await makeSubcategory(t.database.db, espoo, category.id, { openAccess: false, fi: 'Ravitsemus' });
    const start = addDays(today(), 2);
    const end = addDays(today(), 30);
    const body = { name: group.name, usesPerCode: 2, subcategoryId: other.id, startDate: start, expiryDate: end };
    expect(await okData(postJson(admin, `${MESSAGE_CODES}/${group.id}/update`, body))).toMatchObject({
      target: { kind: 'subcategory', subcategoryId: other.id, categoryName: { fi: 'Rajattu' }, subcategoryName: { fi: 'Ravitsemus' } },
      startDate: start,
      expiryDate: end,
      totalCodes: 2,
    });
    const [row] = await t.database.db.select().from(chatCodeGroups).where(eq(chatCodeGroups.id, group.id));
    expect(row).toMatchObject({ subcategoryId: other.id, serviceId: null });

    const refused = async (patch: Record<string, unknown>) =>
      fieldKeys(await (await postJson(admin, `${MESSAGE_CODES}/${group.id}/update`, { ...body, ...patch })).json());
    const foreignCategory = await makeCategory(t.database.db, kaarina);
    const foreignSub = await makeSubcategory(t.database.db, kaarina, foreignCategory.id);
    expect(await refused({ subcategoryId: foreignSub.id })).toEqual({ subcategoryId: 'fields.invalid' });
    expect(await refused({ expiryDate: addDays(start, -1) })).toEqual({ expiryDate: 'fields.expiryBeforeStart' });
    expect(await refused({ serviceId: physioId })).toEqual({ serviceId: 'fields.invalid' });
    const [unchanged] = await t.database.db.select().from(chatCodeGroups).where(eq(chatCodeGroups.id, group.id));
    expect(unchanged!.subcategoryId).toBe(other.id);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, group.id), eq(auditLog.action, 'messageCodes.groupUpdate')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ changed: ['subcategoryId', 'startDate', 'expiryDate'], subcategoryId: other.id });
  });

  test('the two kinds keep apart: neither list nor route of one reaches a group of the other', async () => {
    const admin = await staffBrowser(t);
    const message = await okData<{ id: string }>(postJson(admin, `${MESSAGE_CODES}/create`, messageGroup({ totalCodes: 1 })));
    const chat = await okData<{ id: string }>(postJson(admin, '/api/admin/chat-codes/create', validGroup({ totalCodes: 1 })));
    const chatGroups = await okData<{ id: string; target: { kind: string } }[]>(admin.fetch('/api/admin/chat-codes/list'));
    expect(chatGroups.map((g) => g.id)).not.toContain(message.id);
    expect(new Set(chatGroups.map((g) => g.target.kind))).toEqual(new Set(['service']));
    const messageGroups = await okData<{ id: string; target: { kind: string } }[]>(admin.fetch(`${MESSAGE_CODES}/list`));
    expect(messageGroups.map((g) => g.id)).not.toContain(chat.id);
    expect(new Set(messageGroups.map((g) => g.target.kind))).toEqual(new Set(['subcategory']));
    for (const [base, id] of [
      ['/api/admin/chat-codes', message.id],
      [MESSAGE_CODES, chat.id],
    ] as const) {
      expect((await postJson(admin, `${base}/${id}/update`, { name: 'Kaapattu', usesPerCode: 9 })).status).toBe(404);
      expect((await admin.fetch(`${base}/${id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await admin.fetch(`${base}/${id}/codes`)).status).toBe(404);
      expect((await admin.fetch(`${base}/${id}/codes.csv`)).status).toBe(404);
    }
    const rows = await t.database.db.select().from(chatCodeGroups).where(eq(chatCodeGroups.id, message.id));
    expect(rows[0]).toMatchObject({ name: 'Jatkohoito', usesPerCode: 2 });
  });

  test('rights: the chat codes area; another organisation’s group is not found', async () => {
    const admin = await staffBrowser(t);
    expect(await (await new TestBrowser(t.baseUrl).fetch(`${MESSAGE_CODES}/list`)).json()).toMatchObject({ statusCode: 101 });
    const booker = await staffBrowser(t, { preset: 'booker' });
    expect((await booker.fetch(`${MESSAGE_CODES}/list`)).status).toBe(403);
    const viewer = await staffBrowser(t, { preset: 'custom', rights: { ...NO_RIGHTS, chatCodes: { view: true, edit: false } } });
    expect((await viewer.fetch(`${MESSAGE_CODES}/list`)).status).toBe(200);
    expect((await viewer.fetch('/api/admin/chat-codes/list')).status).toBe(200);
    expect((await postJson(viewer, `${MESSAGE_CODES}/create`, messageGroup())).status).toBe(403);
    expect((await postJson(viewer, '/api/admin/chat-codes/create', validGroup())).status).toBe(403);
    const foreignCategory = await makeCategory(t.database.db, kaarina);
    const foreignSub = await makeSubcategory(t.database.db, kaarina, foreignCategory.id);
    const foreign = await makeMessageCode(t.database.db, kaarina, foreignSub.id, 'FOREIGNADM');
    for (const path of [`${MESSAGE_CODES}/${foreign}/codes`, `${MESSAGE_CODES}/${foreign}/codes.csv`]) {
      expect((await admin.fetch(path)).status).toBe(404);
    }
    expect((await postJson(admin, `${MESSAGE_CODES}/${foreign}/update`, { name: 'x', usesPerCode: 1 })).status).toBe(404);
    expect((await admin.fetch(`${MESSAGE_CODES}/${foreign}`, { method: 'DELETE' })).status).toBe(404);
    const [row] = await t.database.db.select().from(chatCodeGroups).where(eq(chatCodeGroups.id, foreign));
    expect(row!.name).toBe('Ryhmä FOREIGNADM');
  });
});
