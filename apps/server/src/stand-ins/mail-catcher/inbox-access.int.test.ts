import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestBrowser } from '../../test/http-client';
import { signInStaff } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PATHS = ['/api/dev/inbox', '/dev/inbox', '/dev/inbox/style.css'];

async function sessionCookie(opts: Parameters<typeof signInStaff>[2]): Promise<string> {
  const browser = new TestBrowser(t.baseUrl);
  await signInStaff(t, browser, opts);
  return browser.cookie('prsp_session')!;
}

describe('the demo inbox is served to this machine only, or to a signed-in global admin', () => {
  test.each(PATHS.flatMap((url) => ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1'].map((ip) => [url, ip])))(
    '%s from loopback %s answers 200',
    async (url, remoteAddress) => {
      const res = await t.app.inject({ url, remoteAddress });
      expect(res.statusCode).toBe(200);
    },
  );

  test.each(PATHS.flatMap((url) => ['10.1.2.3', '192.168.1.20', '::ffff:10.0.0.1', '2001:db8::1'].map((ip) => [url, ip])))(
    '%s from another machine %s answers 403',
    async (url, remoteAddress) => {
      const res = await t.app.inject({ url, remoteAddress });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('@');
    },
  );

  test.each(PATHS)('%s through a proxy on this machine (a forwarding header) answers 403', async (url) => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }]) {
      const res = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode).toBe(403);
    }
  });

  test('one message by id is guarded like the list', async () => {
    const list = await t.app.inject({ url: '/api/dev/inbox' });
    const id = (list.json() as { data: { messages: { id: string }[] } }).data.messages[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/api/dev/inbox/${id}`, remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/dev/inbox/${id}`, remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
  });

  test.each(PATHS)('%s from another machine with a global admin session answers 200', async (url) => {
    const token = await sessionCookie({ isGlobalAdmin: true });
    const res = await t.app.inject({ url, remoteAddress: '10.1.2.3', cookies: { prsp_session: token } });
    expect(res.statusCode).toBe(200);
  });

  test.each(PATHS)('%s from another machine with an organisation admin or an expert session answers 403', async (url) => {
    for (const opts of [{ isGlobalAdmin: false }, { isGlobalAdmin: true, appRole: 'expert' as const }]) {
      const token = await sessionCookie(opts);
      const res = await t.app.inject({ url, remoteAddress: '10.1.2.3', cookies: { prsp_session: token } });
      expect(res.statusCode).toBe(403);
    }
  });
});

test("the inbox page has no inline style (the site's CSP allows none): it links its stylesheet", async () => {
  const page = await t.app.inject({ url: '/dev/inbox', remoteAddress: '127.0.0.1' });
  expect(page.body).not.toMatch(/<style|style=/i);
  expect(page.body).toContain('<link rel="stylesheet" href="/dev/inbox/style.css">');
  expect(String(page.headers['content-security-policy'])).toMatch(/(^|;)\s*style-src 'self'(;|$)/);
  const css = await t.app.inject({ url: '/dev/inbox/style.css', remoteAddress: '127.0.0.1' });
  expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  expect(css.body).toContain('border-collapse');
});
