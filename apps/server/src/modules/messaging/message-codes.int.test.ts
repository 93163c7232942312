import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NO_RIGHTS } from '@prsp/contracts';
import { auditLog, chatCodeGroups } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { TestBrowser } from '../../test/http-client';
import { HELMI, MATTI } from '../../test/person-codes';
import { fieldKeys, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { expectError, okData, onboard, setFlags, signedIn } from '../patients/patient.steps';
import { makeCategory, makeMessageCode, makeSubcategory, useCountOf } from './categories.steps';
import { consumeMessageCode } from './message-code-use';

let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
let patient: TestBrowser;
let category: { id: string };
let subcategory: { id: string };
let other: { id: string };
const DAY = 86_400_000;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t);
  category = await makeCategory(t.database.db, espoo, { openAccess: false, fi: 'Rajattu' });
  subcategory = await makeSubcategory(t.database.db, espoo, category.id, { openAccess: false, fi: 'Kotiharjoitteet' });
  other = await makeSubcategory(t.database.db, espoo, category.id, { fi: 'Muu' });
  patient = await signedIn(t, MATTI);
  await onboard(patient, espoo);
});
afterAll(() => t.close());

const API = '/api/admin/message-codes';
const validGroup = (over: Record<string, unknown> = {}) => ({
  name: 'Jatkohoito',
  subcategoryId: subcategory.id,
  totalCodes: 5,
  usesPerCode: 2,
  expiryPreset: 'noExpirationDate',
  ...over,
});
const validate = (b: TestBrowser, code: string) =>
  postJson(b, `/api/patient/async-messaging/message-code/validate/${encodeURIComponent(code)}`);
const use = (b: TestBrowser, code: string) => postJson(b, `/api/patient/async-messaging/message-code/use/${encodeURIComponent(code)}`);

describe('admin: message code groups', () => {
  test('create generates the codes for a subcategory; list, codes, update, CSV and delete, each write audited', async () => {
    const group = await okData<{ id: string }>(postJson(admin, `${API}/create`, validGroup()));
    expect(group).toMatchObject({
      name: 'Jatkohoito',
      subcategoryId: subcategory.id,
      categoryName: { fi: 'Rajattu' },
      subcategoryName: { fi: 'Kotiharjoitteet' },
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
    const csv = await admin.fetch(`${API}/${group.id}/csv`);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="message-codes-${group.id}.csv"`);
    const lines = (await csv.text()).replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Koodi;Ryhmä;Voimassa alkaen;Voimassa asti;Käyttökerrat;Käyttökertoja koodia kohden');
    expect(lines.filter((l) => l.includes(';Uusi;'))).toHaveLength(5);
    expect((await admin.fetch(`${API}/${group.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await admin.fetch(`${API}/${group.id}/codes`)).status).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, group.id));
    expect(audits.map((a) => a.action)).toEqual([
      'messageCodes.groupCreate',
      'messageCodes.groupUpdate',
      'messageCodes.download',
      'messageCodes.groupDelete',
    ]);
    expect(JSON.stringify(audits)).not.toContain(codes[0]!.code);
  });

  test('spec §5: a subcategory of the organisation, more than 0 codes, dates', async () => {
    const missing = await postJson(admin, `${API}/create`, validGroup({ subcategoryId: undefined, totalCodes: 0 }));
    expect(fieldKeys(await missing.json())).toEqual({ subcategoryId: 'fields.subcategoryRequired', totalCodes: 'fields.codeCount' });
    const foreignCategory = await makeCategory(t.database.db, kaarina);
    const foreign = await makeSubcategory(t.database.db, kaarina, foreignCategory.id);
    const res = await postJson(admin, `${API}/create`, validGroup({ subcategoryId: foreign.id }));
    expect(fieldKeys(await res.json())).toEqual({ subcategoryId: 'fields.invalid' });
    const past = await postJson(admin, `${API}/create`, validGroup({ startDate: '2020-01-01' }));
    expect(fieldKeys(await past.json())).toEqual({ startDate: 'fields.pastDate' });
  });

  test('chat codes and message codes keep apart: neither list nor route of one reaches the other', async () => {
    const group = await okData<{ id: string }>(postJson(admin, `${API}/create`, validGroup({ totalCodes: 1 })));
    const chatGroups = await okData<{ id: string }[]>(admin.fetch('/api/admin/chat-codes/list'));
    expect(chatGroups.map((g) => g.id)).not.toContain(group.id);
    expect((await postJson(admin, `/api/admin/chat-codes/${group.id}/update`, { name: 'Kaapattu', usesPerCode: 9 })).status).toBe(404);
    expect((await admin.fetch(`/api/admin/chat-codes/${group.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin.fetch(`/api/admin/chat-codes/${group.id}/codes`)).status).toBe(404);
    const [row] = await t.database.db.select().from(chatCodeGroups).where(eq(chatCodeGroups.id, group.id));
    expect(row).toMatchObject({ name: 'Jatkohoito', usesPerCode: 2 });
    const messageGroups = await okData<{ id: string; name: string }[]>(admin.fetch(`${API}/list`));
    expect(messageGroups.map((g) => g.name)).not.toContain('Fysioterapia 2026');
  });

  test('rights: the chat codes area; another organisation’s group is not found', async () => {
    const booker = await staffBrowser(t, { preset: 'booker' });
    expect((await booker.fetch(`${API}/list`)).status).toBe(403);
    const viewer = await staffBrowser(t, { preset: 'custom', rights: { ...NO_RIGHTS, chatCodes: { view: true, edit: false } } });
    expect((await viewer.fetch(`${API}/list`)).status).toBe(200);
    expect((await postJson(viewer, `${API}/create`, validGroup())).status).toBe(403);
    const foreignCategory = await makeCategory(t.database.db, kaarina);
    const foreignSub = await makeSubcategory(t.database.db, kaarina, foreignCategory.id);
    const foreign = await makeMessageCode(t.database.db, kaarina, foreignSub.id, 'FOREIGNADM');
    expect((await admin.fetch(`${API}/${foreign}/codes`)).status).toBe(404);
    expect((await admin.fetch(`${API}/${foreign}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('patient: validate a message code', () => {
  test('a valid code answers the category and subcategory it opens (restricted ones too), as typed in any case', async () => {
    await makeMessageCode(t.database.db, espoo, subcategory.id, 'VALIDCODE2');
    const target = await okData(validate(patient, '  validcode2 '));
    expect(target).toEqual({
      code: 'VALIDCODE2',
      category: { id: category.id, name: expect.objectContaining({ fi: 'Rajattu' }), openAccess: false, isDisabled: false },
      subcategory: expect.objectContaining({ id: subcategory.id, categoryId: category.id, openAccess: false, addedExperts: [] }),
    });
    expect(await useCountOf(t.database.db, 'VALIDCODE2')).toBe(0);
  });

  test('201 unknown, a chat code, or another organisation’s; 202 not open yet; 203 expired; 204 used up', async () => {
    const db = t.database.db;
    await makeMessageCode(db, espoo, subcategory.id, 'FUTURECODE', { startsAt: new Date(Date.now() + 3 * DAY) });
    await makeMessageCode(db, espoo, subcategory.id, 'EXPIREDONE', {
      startsAt: new Date(Date.now() - 9 * DAY),
      expiresAt: new Date(Date.now() - DAY),
    });
    await makeMessageCode(db, espoo, subcategory.id, 'USEDUPCODE', { usesPerCode: 2, useCount: 2 });
    const foreignCategory = await makeCategory(db, kaarina);
    await makeMessageCode(db, kaarina, (await makeSubcategory(db, kaarina, foreignCategory.id)).id, 'KAARINACODE');
    await expectError(validate(patient, 'NOSUCHCODE'), 400, 201);
    await expectError(validate(patient, 'PHYSIO2026'), 400, 201);
    await expectError(validate(patient, 'KAARINACODE'), 400, 201);
    await expectError(validate(patient, 'FUTURECODE'), 400, 202);
    await expectError(validate(patient, 'EXPIREDONE'), 400, 203);
    await expectError(validate(patient, 'USEDUPCODE'), 409, 204);
    await expectError(validate(patient, 'X'.repeat(65)), 400, 400);
    // The other organisation's patient cannot use this organisation's code either.
    const restore = await setFlags(t, kaarina, { asyncMessagingEnabled: true });
    try {
      const helmi = await signedIn(t, HELMI);
      await onboard(helmi, kaarina);
      await expectError(validate(helmi, 'VALIDCODE2'), 400, 201);
      expect(await okData(validate(helmi, 'KAARINACODE'))).toMatchObject({ code: 'KAARINACODE' });
    } finally {
      await restore();
    }
  });

  test('a code of a disabled subcategory or category is not valid (201)', async () => {
    const db = t.database.db;
    const off = await makeSubcategory(db, espoo, category.id, { isDisabled: true });
    await makeMessageCode(db, espoo, off.id, 'OFFSUBCODE');
    const offCategory = await makeCategory(db, espoo, { isDisabled: true });
    await makeMessageCode(db, espoo, (await makeSubcategory(db, espoo, offCategory.id)).id, 'OFFCATCODE');
    await expectError(validate(patient, 'OFFSUBCODE'), 400, 201);
    await expectError(validate(patient, 'OFFCATCODE'), 400, 201);
    await expectError(use(patient, 'OFFSUBCODE'), 400, 201);
  });
});

describe('using a message code', () => {
  test('use counts one use, until the code is used up (204)', async () => {
    await makeMessageCode(t.database.db, espoo, subcategory.id, 'TWICECODE2', { usesPerCode: 2 });
    expect(await okData(use(patient, 'twicecode2'))).toBeNull();
    expect(await okData(use(patient, 'TWICECODE2'))).toBeNull();
    await expectError(use(patient, 'TWICECODE2'), 409, 204);
    expect(await useCountOf(t.database.db, 'TWICECODE2')).toBe(2);
  });

  test('two patients racing for the last use: exactly one has it', async () => {
    await makeMessageCode(t.database.db, espoo, subcategory.id, 'RACINGCODE', { usesPerCode: 1 });
    const other = await signedIn(t, MATTI);
    const answers = await Promise.all([use(patient, 'RACINGCODE'), use(other, 'RACINGCODE')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await useCountOf(t.database.db, 'RACINGCODE')).toBe(1);
  });

  test('consumeMessageCode: in the caller’s transaction, for the code’s own subcategory only, undone with it', async () => {
    const db = t.database.db;
    await makeMessageCode(db, espoo, subcategory.id, 'SENDCODE22', { usesPerCode: 5 });
    await expect(db.transaction((tx) => consumeMessageCode(tx, espoo, 'SENDCODE22', other.id))).rejects.toMatchObject({ code: 201 });
    await expect(db.transaction((tx) => consumeMessageCode(tx, kaarina, 'SENDCODE22', subcategory.id))).rejects.toMatchObject({
      code: 201,
    });
    // The send failed after the code was counted: the use goes with it.
    await expect(
      db.transaction(async (tx) => {
        await consumeMessageCode(tx, espoo, 'SENDCODE22', subcategory.id);
        throw new AppError(500, { detail: 'the message could not be stored' });
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(await useCountOf(db, 'SENDCODE22')).toBe(0);
    const target = await db.transaction((tx) => consumeMessageCode(tx, espoo, ' sendcode22', subcategory.id));
    expect(target).toEqual({ categoryId: category.id, subcategoryId: subcategory.id });
    expect(await useCountOf(db, 'SENDCODE22')).toBe(1);
  });

  test('the lock holds: a second consumer waits for the first transaction and then sees its use', async () => {
    const db = t.database.db;
    await makeMessageCode(db, espoo, subcategory.id, 'LOCKEDCODE', { usesPerCode: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      await consumeMessageCode(tx, espoo, 'LOCKEDCODE', subcategory.id);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = db.transaction((tx) => consumeMessageCode(tx, espoo, 'LOCKEDCODE', subcategory.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await first;
    await expect(second).rejects.toMatchObject({ code: 204 });
    expect(await useCountOf(db, 'LOCKEDCODE')).toBe(1);
  });
});
