import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { fieldKeys, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { expertBrowser, makeCategory, makeSubcategory } from './categories.steps';

let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t);
});
afterAll(() => t.close());

const name = (fi: string) => ({ fi, se: `${fi} på svenska`, en: `${fi} in English` });
const API = '/api/admin/async-messaging';
const data = async (res: Response | Promise<Response>) => {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body.data;
};
const subcategoryBody = (over: Record<string, unknown> = {}) => ({
  name: name('Rokotukset'),
  openAccess: true,
  isDisabled: false,
  addedExperts: [],
  ...over,
});

describe('rights', () => {
  test('signed out 101; no service settings right 403; view only may read but not write', async () => {
    const anonymous = new TestBrowser(t.baseUrl);
    expect(await (await anonymous.fetch(`${API}/categories`)).json()).toMatchObject({ statusCode: 101 });
    const booker = await staffBrowser(t, { preset: 'booker' });
    expect((await booker.fetch(`${API}/categories`)).status).toBe(403);
    const viewer = await staffBrowser(t, { preset: 'operationalAdmin' });
    expect((await viewer.fetch(`${API}/categories`)).status).toBe(200);
    expect((await postJson(viewer, `${API}/categories/create`, { name: name('X'), openAccess: true })).status).toBe(403);
  });
});

describe('categories', () => {
  test('create, rename, restrict and disable; the list has disabled ones too; every write audited', async () => {
    const created = await data(postJson(admin, `${API}/categories/create`, { name: name('Terveysneuvonta'), openAccess: true }));
    expect(created).toEqual({
      id: expect.any(String),
      name: name('Terveysneuvonta'),
      openAccess: true,
      isDisabled: false,
      answerPromise: null,
    });
    const disabled = await data(
      postJson(admin, `${API}/categories/${created.id}/update`, { name: name('Neuvonta'), openAccess: false, isDisabled: true }),
    );
    expect(disabled).toMatchObject({ name: name('Neuvonta'), openAccess: false, isDisabled: true });
    // isDisabled left out keeps what it was.
    const kept = await data(postJson(admin, `${API}/categories/${created.id}/update`, { name: name('Neuvonta'), openAccess: true }));
    expect(kept).toMatchObject({ openAccess: true, isDisabled: true });
    const list = await data(admin.fetch(`${API}/categories`));
    expect(list.find((c: { id: string }) => c.id === created.id)).toMatchObject({ isDisabled: true });
    expect(list.every((c: { subcategories?: unknown }) => c.subcategories === undefined)).toBe(true);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'messageCategory'), eq(auditLog.objectId, created.id)));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'messaging.categoryCreate',
      'messaging.categoryUpdate',
      'messaging.categoryUpdate',
    ]);
  });

  test('spec §5: a name in each language', async () => {
    const res = await postJson(admin, `${API}/categories/create`, { name: { fi: ' ', se: '', en: 'x'.repeat(201) } });
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({
      'name.fi': 'fields.required',
      'name.se': 'fields.required',
      'name.en': 'fields.tooLong',
      openAccess: 'fields.required',
    });
  });

  test('an answer promise in each language (issue 29): kept when left out, removed when blank, needed in all once given', async () => {
    const promise = { fi: 'Vastaamme 3 arkipäivän kuluessa.', se: 'Vi svarar inom 3 vardagar.', en: 'We answer within 3 working days.' };
    const created = await data(
      postJson(admin, `${API}/categories/create`, {
        name: name('Reseptit'),
        openAccess: true,
        answerPromise: { ...promise, fi: ` ${promise.fi} ` },
      }),
    );
    expect(created.answerPromise).toEqual(promise);
    const update = (body: Record<string, unknown>) =>
      postJson(admin, `${API}/categories/${created.id}/update`, { name: name('Reseptit'), openAccess: true, ...body });
    // Left out (the disable toggle of an older client): kept.
    expect((await data(update({}))).answerPromise).toEqual(promise);
    const partial = await update({ answerPromise: { ...promise, se: ' ', en: '' } });
    expect(partial.status).toBe(400);
    expect(fieldKeys(await partial.json())).toEqual({ 'answerPromise.se': 'fields.required', 'answerPromise.en': 'fields.required' });
    expect((await data(update({ answerPromise: { fi: '', se: ' ', en: '' } }))).answerPromise).toBeNull();
    expect((await data(update({ answerPromise: promise }))).answerPromise).toEqual(promise);
    expect((await data(update({ answerPromise: null }))).answerPromise).toBeNull();
    const long = await update({ answerPromise: { ...promise, en: 'x'.repeat(201) } });
    expect(fieldKeys(await long.json())).toEqual({ 'answerPromise.en': 'fields.tooLong' });
  });

  test("another organisation's category is not found", async () => {
    const foreign = await makeCategory(t.database.db, kaarina);
    expect((await postJson(admin, `${API}/categories/${foreign.id}/update`, { name: name('X'), openAccess: true })).status).toBe(404);
    expect((await admin.fetch(`${API}/categories/${foreign.id}/subcategories`)).status).toBe(404);
    expect((await postJson(admin, `${API}/subcategories/${foreign.id}/create`, subcategoryBody())).status).toBe(404);
    const list = await data(admin.fetch(`${API}/categories?includeSubcategories=true`));
    expect(list.map((c: { id: string }) => c.id)).not.toContain(foreign.id);
  });
});

describe('subcategories', () => {
  test('create with experts who handle messages, read, update, and list under the category', async () => {
    const category = await makeCategory(t.database.db, espoo);
    const handler = await expertBrowser(t, 'espoo-demo', { handlesMessages: true });
    const created = await data(
      postJson(
        admin,
        `${API}/subcategories/${category.id}/create`,
        subcategoryBody({ addedExperts: [handler.expertId, handler.expertId] }),
      ),
    );
    expect(created).toEqual({
      id: expect.any(String),
      categoryId: category.id,
      name: name('Rokotukset'),
      openAccess: true,
      isDisabled: false,
      addedExperts: [handler.expertId],
    });
    expect(await data(admin.fetch(`${API}/subcategories/${created.id}`))).toEqual(created);
    const updated = await data(
      postJson(
        admin,
        `${API}/subcategories/${created.id}/update`,
        subcategoryBody({ openAccess: false, isDisabled: true, addedExperts: [] }),
      ),
    );
    expect(updated).toMatchObject({ openAccess: false, isDisabled: true, addedExperts: [] });
    const second = await makeSubcategory(t.database.db, espoo, category.id, { fi: 'Reseptit' });
    const list = await data(admin.fetch(`${API}/categories/${category.id}/subcategories`));
    expect(list.map((s: { id: string }) => s.id)).toEqual([created.id, second.id]);
    const all = await data(admin.fetch(`${API}/categories?includeSubcategories=true`));
    const withSubs = all.find((c: { id: string }) => c.id === category.id);
    expect(withSubs.subcategories.map((s: { id: string; isDisabled: boolean }) => [s.id, s.isDisabled])).toEqual([
      [created.id, true],
      [second.id, false],
    ]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, created.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['messaging.subcategoryCreate', 'messaging.subcategoryUpdate']);
  });

  test('addedExperts: only experts of the organisation who handle messages (field errors by position)', async () => {
    const category = await makeCategory(t.database.db, espoo);
    const handler = await expertBrowser(t, 'espoo-demo', { handlesMessages: true });
    const idle = await expertBrowser(t, 'espoo-demo', { handlesMessages: false });
    const foreign = await expertBrowser(t, 'kaarina-demo', { handlesMessages: true });
    const res = await postJson(
      admin,
      `${API}/subcategories/${category.id}/create`,
      subcategoryBody({ addedExperts: [handler.expertId, idle.expertId, foreign.expertId] }),
    );
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toEqual({ 'addedExperts.1': 'fields.invalid', 'addedExperts.2': 'fields.invalid' });
    // Nothing was made: the subcategory and its experts stand or fall together.
    expect(await data(admin.fetch(`${API}/categories/${category.id}/subcategories`))).toEqual([]);
    const invalid = await postJson(admin, `${API}/subcategories/${category.id}/create`, subcategoryBody({ addedExperts: ['nope'] }));
    expect(fieldKeys(await invalid.json())).toEqual({ 'addedExperts.0': 'fields.invalid' });
  });

  test("another organisation's subcategory is not found", async () => {
    const foreignCategory = await makeCategory(t.database.db, kaarina);
    const foreign = await makeSubcategory(t.database.db, kaarina, foreignCategory.id);
    expect((await admin.fetch(`${API}/subcategories/${foreign.id}`)).status).toBe(404);
    expect((await postJson(admin, `${API}/subcategories/${foreign.id}/update`, subcategoryBody())).status).toBe(404);
  });
});
