import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QuickReply } from '@prsp/contracts';
import { auditLog, quickReplies } from '../../db/schema';
import { createSession } from '../../platform/session/sessions.service';
import { TestBrowser } from '../../test/http-client';
import { createStaffAccount, fieldKeys, postJson, staffBrowser, startStaffTestApp, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let espoo: string;
let kaarina: string;

/** A new expert of the organisation, signed in to the expert app. */
async function expertBrowser(organisation: string): Promise<TestBrowser> {
  const { id } = await createStaffAccount(t, { organisation: null, expertIn: organisation });
  const { token } = await createSession(t.database.db, t.config.session, {
    staffUserId: id,
    appRole: 'expert',
    organisationId: organisation,
  });
  const browser = new TestBrowser(t.baseUrl);
  browser.setCookie('prsp_session', token);
  return withCsrfCookie(browser);
}

const reply = (shortcut: string, texts: Record<string, string> = { fi: 'Hei, miten voin auttaa?', en: 'Hello, how can I help?' }) => ({
  shortcut,
  title: `Otsikko ${shortcut}`,
  texts,
});

async function created(browser: TestBrowser, path: string, body: unknown): Promise<QuickReply> {
  const res = await postJson(browser, path, body);
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

async function list(browser: TestBrowser, path: string): Promise<QuickReply[]> {
  const res = await browser.fetch(path);
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
});
afterAll(() => t.close());

describe('organisation replies (admin)', () => {
  test('add, list, change and delete, each audited without the texts', async () => {
    const admin = await staffBrowser(t);
    const made = await created(admin, '/api/admin/quick-replies/create', reply('tervehdys'));
    expect(made).toMatchObject({ scope: 'organisation', shortcut: 'tervehdys', texts: { fi: 'Hei, miten voin auttaa?' } });
    expect((await list(admin, '/api/admin/quick-replies')).map((r) => r.id)).toContain(made.id);

    const changed = await postJson(admin, `/api/admin/quick-replies/${made.id}/update`, reply('tervehdys', { sv: 'Hej' }));
    expect(changed.status).toBe(200);
    expect((await changed.json()).data.texts).toEqual({ sv: 'Hej' });

    const removed = await admin.fetch(`/api/admin/quick-replies/${made.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await list(admin, '/api/admin/quick-replies')).map((r) => r.id)).not.toContain(made.id);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, made.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['quickReplies.create', 'quickReplies.delete', 'quickReplies.update']);
    expect(audits.find((a) => a.action === 'quickReplies.update')?.details).toEqual({ changed: ['texts.fi', 'texts.sv', 'texts.en'] });
    expect(JSON.stringify(audits)).not.toContain('Hei');
  });

  test('validation: shortcut form and length, title, at least one text, text length', async () => {
    const admin = await staffBrowser(t);
    const res = await postJson(admin, '/api/admin/quick-replies/create', {
      shortcut: 'Iso Kirjain',
      title: '',
      texts: { fi: '  ', en: 'x'.repeat(2001) },
    });
    expect(res.status).toBe(400);
    expect(fieldKeys(await res.json())).toMatchObject({
      shortcut: 'fields.quickReplyShortcut',
      title: 'fields.required',
      'texts.en': 'fields.tooLong',
    });
    const none = await postJson(admin, '/api/admin/quick-replies/create', { shortcut: 'tyhja', title: 'T', texts: { fi: ' ' } });
    expect(fieldKeys(await none.json())).toEqual({ texts: 'fields.quickReplyText' });
    const long = await postJson(admin, '/api/admin/quick-replies/create', reply('a'.repeat(31)));
    expect(fieldKeys(await long.json())).toEqual({ shortcut: 'fields.tooLong' });
  });

  test('a shortcut taken in the organisation is a field error; another organisation may use it', async () => {
    const admin = await staffBrowser(t);
    await created(admin, '/api/admin/quick-replies/create', reply('kaksoset'));
    const again = await postJson(admin, '/api/admin/quick-replies/create', reply('kaksoset'));
    expect(again.status).toBe(400);
    expect(fieldKeys(await again.json())).toEqual({ shortcut: 'fields.quickReplyShortcutTaken' });
    await created(await staffBrowser(t, { organisation: 'kaarina-demo' }), '/api/admin/quick-replies/create', reply('kaksoset'));
  });

  test("another organisation's reply is not found, and not listed", async () => {
    const theirs = await created(
      await staffBrowser(t, { organisation: 'kaarina-demo' }),
      '/api/admin/quick-replies/create',
      reply('vieras'),
    );
    const admin = await staffBrowser(t);
    expect((await postJson(admin, `/api/admin/quick-replies/${theirs.id}/update`, reply('vieras'))).status).toBe(404);
    expect((await admin.fetch(`/api/admin/quick-replies/${theirs.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await list(admin, '/api/admin/quick-replies')).map((r) => r.id)).not.toContain(theirs.id);
  });

  test('a booker (no service-settings right) is refused; a view right lists but may not change', async () => {
    const booker = await staffBrowser(t, { preset: 'booker' });
    expect((await booker.fetch('/api/admin/quick-replies')).status).toBe(403);
    const operational = await staffBrowser(t, { preset: 'operationalAdmin' });
    expect((await operational.fetch('/api/admin/quick-replies')).status).toBe(200);
    expect((await postJson(operational, '/api/admin/quick-replies/create', reply('ei-oikeutta'))).status).toBe(403);
  });
});

describe('own replies (expert)', () => {
  test('an expert keeps their own; the composer list has the organisation’s and their own, not a colleague’s', async () => {
    const admin = await staffBrowser(t);
    const organisation = await created(admin, '/api/admin/quick-replies/create', reply('yhteinen'));
    const aino = await expertBrowser(espoo);
    const bertil = await expertBrowser(espoo);
    const own = await created(aino, '/api/expert/quick-replies/create', reply('yhteinen', { sv: 'Min egen' }));
    expect(own.scope).toBe('own');
    const colleague = await created(bertil, '/api/expert/quick-replies/create', reply('bertilin'));

    const composer = await list(aino, '/api/expert/quick-replies');
    expect(composer.map((r) => r.id)).toEqual(expect.arrayContaining([organisation.id, own.id]));
    expect(composer.map((r) => r.id)).not.toContain(colleague.id);
    expect((await list(aino, '/api/expert/quick-replies/own')).map((r) => r.id)).toEqual([own.id]);

    const changed = await postJson(aino, `/api/expert/quick-replies/${own.id}/update`, reply('oma', { fi: 'Oma' }));
    expect((await changed.json()).data).toMatchObject({ shortcut: 'oma', texts: { fi: 'Oma' } });
    expect((await aino.fetch(`/api/expert/quick-replies/${own.id}`, { method: 'DELETE' })).status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(quickReplies)
      .where(and(eq(quickReplies.id, own.id)));
    expect(rows).toEqual([]);
  });

  test('an expert edits only their own: the organisation’s, a colleague’s and another organisation’s are 404', async () => {
    const organisation = await created(await staffBrowser(t), '/api/admin/quick-replies/create', reply('org-vain'));
    const colleague = await created(await expertBrowser(espoo), '/api/expert/quick-replies/create', reply('kollegan'));
    const foreign = await created(await expertBrowser(kaarina), '/api/expert/quick-replies/create', reply('kaarinan'));
    const aino = await expertBrowser(espoo);
    for (const id of [organisation.id, colleague.id, foreign.id]) {
      expect((await postJson(aino, `/api/expert/quick-replies/${id}/update`, reply('kaappaus'))).status).toBe(404);
      expect((await aino.fetch(`/api/expert/quick-replies/${id}`, { method: 'DELETE' })).status).toBe(404);
    }
    expect((await list(await expertBrowser(espoo), '/api/expert/quick-replies')).map((r) => r.id)).not.toContain(foreign.id);
  });

  test('an own shortcut taken twice is a field error; an admin session cannot reach the expert routes', async () => {
    const aino = await expertBrowser(espoo);
    await created(aino, '/api/expert/quick-replies/create', reply('tupla'));
    const again = await postJson(aino, '/api/expert/quick-replies/create', reply('tupla'));
    expect(fieldKeys(await again.json())).toEqual({ shortcut: 'fields.quickReplyShortcutTaken' });
    const admin = await staffBrowser(t);
    expect((await admin.fetch('/api/expert/quick-replies')).status).toBe(401);
    expect((await new TestBrowser(t.baseUrl).fetch('/api/expert/quick-replies')).status).toBe(401);
  });
});
