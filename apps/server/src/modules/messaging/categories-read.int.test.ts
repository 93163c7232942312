import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageCategories, messageSubcategoryExperts } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { TestBrowser } from '../../test/http-client';
import { HELMI, MATTI } from '../../test/person-codes';
import { postJson, startStaffTestApp, staffBrowser } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { expectError, okData, onboard, setFlags, signedIn } from '../patients/patient.steps';
import { expertBrowser, makeCategory, makeMessageCode, makeSubcategory, useCountOf } from './categories.steps';
import { consumeMessageCode } from './categories-read.service';

let t: TestApp;
let espoo: string;
let kaarina: string;
let patient: TestBrowser;
type Seen = { id: string; subcategories?: { id: string; addedExperts: string[] }[] };
const ids = (list: { id: string }[]) => list.map((c) => c.id);

// One organisation's worth of every combination: open/restricted × enabled/disabled, for categories and subcategories.
let open: { id: string };
let openSub: { id: string };
let restrictedSubOfOpen: { id: string };
let disabledSubOfOpen: { id: string };
let restricted: { id: string };
let restrictedSub: { id: string };
let disabled: { id: string };
let subOfDisabled: { id: string };
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  const db = t.database.db;
  open = await makeCategory(db, espoo, { fi: 'Avoin' });
  openSub = await makeSubcategory(db, espoo, open.id);
  restrictedSubOfOpen = await makeSubcategory(db, espoo, open.id, { openAccess: false });
  disabledSubOfOpen = await makeSubcategory(db, espoo, open.id, { isDisabled: true });
  restricted = await makeCategory(db, espoo, { openAccess: false });
  restrictedSub = await makeSubcategory(db, espoo, restricted.id, { openAccess: false });
  disabled = await makeCategory(db, espoo, { isDisabled: true });
  subOfDisabled = await makeSubcategory(db, espoo, disabled.id);
  await makeMessageCode(db, espoo, restrictedSub.id, 'READCODE22');
  patient = await signedIn(t, MATTI);
  await onboard(patient, espoo);
});
afterAll(() => t.close());

describe('patient: categories', () => {
  test('the enabled open categories, with their enabled open subcategories, without expert ids', async () => {
    const list = await okData<Seen[]>(patient.fetch('/api/patient/async-messaging/categories?includeSubcategories=true'));
    expect(ids(list)).toEqual([open.id]);
    expect(list[0]!.subcategories).toEqual([expect.objectContaining({ id: openSub.id, addedExperts: [] })]);
    const plain = await okData<Seen[]>(patient.fetch('/api/patient/async-messaging/categories'));
    expect(plain).toEqual([{ id: open.id, name: expect.any(Object), openAccess: true, isDisabled: false, answerPromise: null }]);
  });

  test("the patient reads the category's answer promise (issue 29)", async () => {
    const promise = { fi: 'Vastaamme 3 arkipäivän kuluessa.', se: 'Vi svarar inom 3 vardagar.', en: 'We answer within 3 working days.' };
    await t.database.db.update(messageCategories).set({ answerPromise: promise }).where(eq(messageCategories.id, open.id));
    try {
      const list = await okData<{ answerPromise: unknown }[]>(patient.fetch('/api/patient/async-messaging/categories'));
      expect(list.map((c) => c.answerPromise)).toEqual([promise]);
    } finally {
      await t.database.db.update(messageCategories).set({ answerPromise: null }).where(eq(messageCategories.id, open.id));
    }
  });

  test('one subcategory: open; restricted only with the code that opens it; never disabled or foreign', async () => {
    const get = (id: string, q = '') => patient.fetch(`/api/patient/async-messaging/subcategories/${id}${q}`);
    expect(await okData(get(openSub.id))).toMatchObject({ id: openSub.id, categoryId: open.id, addedExperts: [] });
    await expectError(get(restrictedSub.id), 404, 404);
    await expectError(get(restrictedSubOfOpen.id), 404, 404);
    expect(await okData(get(restrictedSub.id, '?messageCode=readcode22'))).toMatchObject({ id: restrictedSub.id });
    // The code opens another subcategory only.
    await expectError(get(restrictedSubOfOpen.id, '?messageCode=READCODE22'), 404, 404);
    await expectError(get(restrictedSub.id, '?messageCode=NOSUCHCODE'), 400, 201);
    await expectError(get(disabledSubOfOpen.id), 404, 404);
    await expectError(get(subOfDisabled.id), 404, 404);
    const foreignCategory = await makeCategory(t.database.db, kaarina);
    const foreign = await makeSubcategory(t.database.db, kaarina, foreignCategory.id);
    await expectError(get(foreign.id), 404, 404);
  });

  test("another organisation's patient sees its own categories; messaging off: 403; staff: 101", async () => {
    const helmi = await signedIn(t, HELMI);
    await onboard(helmi, kaarina);
    await expectError(helmi.fetch('/api/patient/async-messaging/categories'), 403, 403);
    const restore = await setFlags(t, kaarina, { asyncMessagingEnabled: true });
    try {
      const theirs = await makeCategory(t.database.db, kaarina);
      const seen = ids(await okData(helmi.fetch('/api/patient/async-messaging/categories')));
      expect(seen).toContain(theirs.id);
      expect(seen).not.toContain(open.id);
    } finally {
      await restore();
    }
    const admin = await staffBrowser(t);
    expect((await admin.fetch('/api/patient/async-messaging/categories')).status).toBe(401);
  });
});

describe('expert: categories', () => {
  test('the categories with a subcategory assigned to the expert, with those subcategories (disabled ones too)', async () => {
    const me = await expertBrowser(t, 'espoo-demo', { handlesMessages: true });
    const path = '/api/expert/async-messaging/categories?includeSubcategories=true';
    expect(await okData(me.browser.fetch(path))).toEqual([]);
    await t.database.db.insert(messageSubcategoryExperts).values([
      { subcategoryId: restrictedSub.id, expertId: me.expertId },
      { subcategoryId: subOfDisabled.id, expertId: me.expertId },
    ]);
    const list = await okData<Seen[]>(me.browser.fetch(path));
    expect(list.map((c) => [c.id, c.subcategories!.map((s) => [s.id, s.addedExperts])])).toEqual([
      [restricted.id, [[restrictedSub.id, [me.expertId]]]],
      [disabled.id, [[subOfDisabled.id, [me.expertId]]]],
    ]);
    const plain = await okData<Seen[]>(me.browser.fetch('/api/expert/async-messaging/categories'));
    expect(plain.map((c) => c.subcategories)).toEqual([undefined, undefined]);
  });

  test('one subcategory (issue 30): only one assigned to the expert, disabled too, with its experts; else 404', async () => {
    const me = await expertBrowser(t, 'espoo-demo', { handlesMessages: true });
    const get = (id: string) => me.browser.fetch(`/api/expert/async-messaging/subcategories/${id}`);
    await expectError(get(openSub.id), 404, 404);
    await t.database.db.insert(messageSubcategoryExperts).values([
      { subcategoryId: openSub.id, expertId: me.expertId },
      { subcategoryId: subOfDisabled.id, expertId: me.expertId },
    ]);
    expect(await okData(get(openSub.id))).toMatchObject({ id: openSub.id, categoryId: open.id, addedExperts: [me.expertId] });
    expect(await okData(get(subOfDisabled.id))).toMatchObject({ id: subOfDisabled.id, categoryId: disabled.id });
    await expectError(get(restrictedSubOfOpen.id), 404, 404);
    const foreign = await expertBrowser(t, 'kaarina-demo', { handlesMessages: true });
    await expectError(foreign.browser.fetch(`/api/expert/async-messaging/subcategories/${openSub.id}`), 404, 404);
    expect((await patient.fetch(`/api/expert/async-messaging/subcategories/${openSub.id}`)).status).toBe(401);
  });

  test("an expert of another organisation sees none of these; a patient's session is refused", async () => {
    const foreign = await expertBrowser(t, 'kaarina-demo', { handlesMessages: true });
    expect(await okData(foreign.browser.fetch('/api/expert/async-messaging/categories'))).toEqual([]);
    expect((await patient.fetch('/api/expert/async-messaging/categories')).status).toBe(401);
  });
});

/**
 * A patient's message code: a code of a group for a subcategory (modules/chat-codes checks it and counts its uses;
 * its groups are administered in chat-codes-admin.int.test.ts). What it opens is decided here.
 */
describe('message codes', () => {
  const DAY = 86_400_000;
  let category: { id: string };
  let subcategory: { id: string };
  let other: { id: string };
  beforeAll(async () => {
    category = await makeCategory(t.database.db, espoo, { openAccess: false, fi: 'Rajattu' });
    subcategory = await makeSubcategory(t.database.db, espoo, category.id, { openAccess: false, fi: 'Kotiharjoitteet' });
    other = await makeSubcategory(t.database.db, espoo, category.id, { fi: 'Muu' });
  });
  const validate = (b: TestBrowser, code: string) =>
    postJson(b, `/api/patient/async-messaging/message-code/validate/${encodeURIComponent(code)}`);
  const use = (b: TestBrowser, code: string) => postJson(b, `/api/patient/async-messaging/message-code/use/${encodeURIComponent(code)}`);

  describe('patient: validate a message code', () => {
    test('a valid code answers the category and subcategory it opens (restricted ones too), as typed in any case', async () => {
      await makeMessageCode(t.database.db, espoo, subcategory.id, 'VALIDCODE2');
      const target = await okData(validate(patient, '  validcode2 '));
      expect(target).toEqual({
        code: 'VALIDCODE2',
        category: {
          id: category.id,
          name: expect.objectContaining({ fi: 'Rajattu' }),
          openAccess: false,
          isDisabled: false,
          answerPromise: null,
        },
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

    test('a code not open yet (202) says from when it is valid, on validate and on use: retryAt and Retry-After', async () => {
      const startsAt = new Date(Date.now() + 2 * DAY);
      await makeMessageCode(t.database.db, espoo, subcategory.id, 'LATERCODE1', { startsAt });
      for (const res of [await validate(patient, 'LATERCODE1'), await use(patient, 'LATERCODE1')]) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(DAY / 1000);
        const body = await expectError(res, 400, 202);
        expect(body).toMatchObject({ errorKey: 'errors.codeNotOpenYet', retryAt: startsAt.toISOString() });
      }
      expect(await useCountOf(t.database.db, 'LATERCODE1')).toBe(0);
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
});
