import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, messageSubcategoryExperts } from '../../db/schema';
import { type TestBrowser } from '../../test/http-client';
import { postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { expertBrowser, makeCategory, makeSubcategory } from './categories.steps';

let t: TestApp;
let espoo: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
  admin = await staffBrowser(t);
});
afterAll(() => t.close());

const API = '/api/admin/async-messaging/experts';
type Listed = { id: string; name: string; specializations: string[]; handlesMessages: boolean };
const list = async (browser: TestBrowser, path: string): Promise<Listed[]> => {
  const res = await browser.fetch(path);
  expect(res.status).toBe(200);
  return (await res.json()).data.experts;
};

describe('admin: who handles messages', () => {
  test('every expert of the organisation is listed, with whether they handle messages; search and specialization filter', async () => {
    const psychologist = await expertBrowser(t, 'espoo-demo', { specializations: ['psychologist'], lastName: 'Psykologinen' });
    const foreign = await expertBrowser(t, 'kaarina-demo', { handlesMessages: true });
    const all = await list(admin, `${API}/list`);
    expect(all.find((e) => e.id === psychologist.expertId)).toEqual({
      id: psychologist.expertId,
      name: 'Testi Psykologinen',
      specializations: ['psychologist'],
      handlesMessages: false,
    });
    expect(all.map((e) => e.name)).toContain('Eeva Asiantuntija');
    expect(all.map((e) => e.id)).not.toContain(foreign.expertId);
    expect((await list(admin, `${API}/list?searchQuery=psykolog`)).map((e) => e.id)).toEqual([psychologist.expertId]);
    expect((await list(admin, `${API}/list?specialization=psychologist`)).map((e) => e.id)).toEqual([psychologist.expertId]);
  });

  test('turning it off takes the expert off every subcategory, in one audited change', async () => {
    const { expertId } = await expertBrowser(t);
    const on = await postJson(admin, `${API}/${expertId}/update`, { handlesMessages: true });
    expect((await on.json()).data).toMatchObject({ id: expertId, handlesMessages: true });
    const category = await makeCategory(t.database.db, espoo);
    const subs = [await makeSubcategory(t.database.db, espoo, category.id), await makeSubcategory(t.database.db, espoo, category.id)];
    for (const s of subs) {
      const res = await postJson(admin, `/api/admin/async-messaging/subcategories/${s.id}/update`, {
        name: s.name,
        openAccess: true,
        isDisabled: false,
        addedExperts: [expertId],
      });
      expect(res.status).toBe(200);
    }
    const off = await postJson(admin, `${API}/${expertId}/update`, { handlesMessages: false });
    expect((await off.json()).data).toMatchObject({ handlesMessages: false });
    expect(await t.database.db.select().from(messageSubcategoryExperts).where(eq(messageSubcategoryExperts.expertId, expertId))).toEqual(
      [],
    );
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, expertId));
    expect(audits.map((a) => [a.action, a.details])).toEqual([
      ['messaging.expertUpdate', { handlesMessages: true }],
      ['messaging.expertUpdate', { handlesMessages: false }],
    ]);
  });

  test("rights: view needed to list, edit to switch; another organisation's expert is not found", async () => {
    const booker = await staffBrowser(t, { preset: 'booker' });
    expect((await booker.fetch(`${API}/list`)).status).toBe(403);
    const viewer = await staffBrowser(t, { preset: 'operationalAdmin' });
    const { expertId } = await expertBrowser(t);
    expect((await postJson(viewer, `${API}/${expertId}/update`, { handlesMessages: true })).status).toBe(403);
    const foreign = await expertBrowser(t, 'kaarina-demo');
    expect((await postJson(admin, `${API}/${foreign.expertId}/update`, { handlesMessages: true })).status).toBe(404);
    expect((await postJson(admin, `${API}/${expertId}/update`, {})).status).toBe(400);
  });
});

describe('expert: colleagues who handle messages', () => {
  test('only experts of their organisation who handle messages', async () => {
    const me = await expertBrowser(t, 'espoo-demo', { handlesMessages: true, lastName: 'Minä' });
    const idle = await expertBrowser(t);
    const foreign = await expertBrowser(t, 'kaarina-demo', { handlesMessages: true });
    const seen = (await list(me.browser, '/api/expert/async-messaging/experts/list')).map((e) => e.id);
    expect(seen).toContain(me.expertId);
    expect(seen).not.toContain(idle.expertId);
    expect(seen).not.toContain(foreign.expertId);
    const searched = await list(me.browser, '/api/expert/async-messaging/experts/list?searchQuery=min%C3%A4');
    expect(searched.map((e) => e.id)).toEqual([me.expertId]);
  });

  test('an admin session is refused (101)', async () => {
    const res = await admin.fetch('/api/expert/async-messaging/experts/list');
    expect(res.status).toBe(401);
  });
});
