import { afterAll, beforeAll, expect, test } from 'vitest';
import { staffBrowser } from '../test/staff-accounts';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('the OpenAPI document at /api/docs is generated from the route schemas', async () => {
  const res = await fetch(`${t.baseUrl}/api/docs`);
  expect(res.status).toBe(200);
  const doc = (await res.json()) as {
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>;
  };
  expect(doc.openapi).toMatch(/^3\./);
  for (const path of ['/api/config', '/api/contact', '/api/sso/login', '/api/admin/organisation/list', '/api/list/cities/{lang}']) {
    expect(Object.keys(doc.paths)).toContain(path);
  }
  // Bodies come from the contracts: the contact form's fields are there.
  expect(JSON.stringify(doc.paths['/api/contact']!.post!.requestBody)).toContain('nationality');
});

test("API_DOCS=staff (production's default) serves the document to signed-in staff only; off serves it to nobody", async () => {
  const staffOnly = await startTestApp({ API_DOCS: 'staff' });
  const off = await startTestApp({ API_DOCS: 'off' });
  try {
    expect((await fetch(`${staffOnly.baseUrl}/api/docs`)).status).toBe(401);
    const admin = await staffBrowser(staffOnly);
    const res = await admin.fetch('/api/docs');
    expect(res.status).toBe(200);
    expect(Object.keys(((await res.json()) as { paths: object }).paths)).toContain('/api/config');
    expect((await (await staffBrowser(off)).fetch('/api/docs')).status).toBe(404);
  } finally {
    await Promise.all([staffOnly.close(), off.close()]);
  }
});
