import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messageSubcategoryExperts } from '../../db/schema';
import type { TestBrowser } from '../../test/http-client';
import { HELMI, MATTI } from '../../test/person-codes';
import { startStaffTestApp, staffBrowser } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { expectError, okData, onboard, setFlags, signedIn } from '../patients/patient.steps';
import { expertBrowser, makeCategory, makeMessageCode, makeSubcategory } from './categories.steps';

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
    expect(plain).toEqual([{ id: open.id, name: expect.any(Object), openAccess: true, isDisabled: false }]);
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

  test("an expert of another organisation sees none of these; a patient's session is refused", async () => {
    const foreign = await expertBrowser(t, 'kaarina-demo', { handlesMessages: true });
    expect(await okData(foreign.browser.fetch('/api/expert/async-messaging/categories'))).toEqual([]);
    expect((await patient.fetch('/api/expert/async-messaging/categories')).status).toBe(401);
  });
});
