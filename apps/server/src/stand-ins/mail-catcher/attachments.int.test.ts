import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CaughtEmail, DevInbox } from '@prsp/contracts';
import { enqueueEmail } from '../../platform/mail/outbox';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { attachmentHeaders } from './attachment-download';

let t: TestApp;
let browser: TestBrowser;
let message: CaughtEmail;
const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const page = '<script>alert(1)</script>';

beforeAll(async () => {
  t = await startTestApp();
  browser = new TestBrowser(t.baseUrl);
  const to = 'liitteet@test.example';
  await t.database.db.transaction((tx) =>
    enqueueEmail(tx, {
      to,
      fromName: 'N',
      fromAddress: 'f@test.example',
      subject: 'Liitteet',
      text: 'T',
      html: '<p>T</p>',
      attachments: [
        {
          filename: 'invite.ics',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
          contentBase64: Buffer.from(calendar).toString('base64'),
        },
        { filename: 'päivä "1".html', contentType: 'text/html', contentBase64: Buffer.from(page).toString('base64') },
      ],
    }),
  );
  await t.app.jobs.runOnce({ kinds: ['mail.send'] });
  const list = ((await (await browser.fetch(`/api/dev/inbox?to=${to}`)).json()) as { data: DevInbox }).data.messages;
  message = ((await (await browser.fetch(`/api/dev/inbox/${list[0]!.id}`)).json()) as { data: CaughtEmail }).data;
});
afterAll(() => t.close());

test('attachments sent through the outbox arrive over SMTP and are listed with name, type and size', () => {
  expect(message.attachments).toEqual([
    { index: 0, filename: 'invite.ics', contentType: 'text/calendar', size: Buffer.byteLength(calendar) },
    { index: 1, filename: 'päivä "1".html', contentType: 'text/html', size: Buffer.byteLength(page) },
  ]);
});

test('a download is always an attachment; a calendar keeps its type, HTML is sent as bytes to save', async () => {
  const ics = await browser.fetch(`/dev/inbox/${message.id}/attachments/0`);
  expect(ics.status).toBe(200);
  expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(ics.headers.get('content-disposition')).toBe('attachment; filename="invite.ics"');
  expect(ics.headers.get('x-content-type-options')).toBe('nosniff');
  expect(ics.headers.get('cache-control')).toBe('no-store');
  expect(await ics.text()).toBe(calendar);

  const html = await browser.fetch(`/dev/inbox/${message.id}/attachments/1`);
  expect(html.headers.get('content-type')).toBe('application/octet-stream');
  expect(html.headers.get('content-disposition')).toBe(
    `attachment; filename="paiva _1_.html"; filename*=UTF-8''p%C3%A4iv%C3%A4%20%221%22.html`,
  );
  expect(await html.text()).toBe(page);
});

test('an unknown attachment is 404, a malformed index 400, and another machine is refused like the inbox', async () => {
  expect((await browser.fetch(`/dev/inbox/${message.id}/attachments/2`)).status).toBe(404);
  expect((await browser.fetch(`/dev/inbox/00000000-0000-4000-8000-000000000000/attachments/0`)).status).toBe(404);
  expect((await browser.fetch(`/dev/inbox/${message.id}/attachments/x`)).status).toBe(400);
  expect((await t.app.inject({ url: `/dev/inbox/${message.id}/attachments/0`, remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
});

test('the message page lists the attachments as download links', async () => {
  const html = await (await browser.fetch(`/dev/inbox/${message.id}`)).text();
  expect(html).toContain('<h2>Liitteet</h2>');
  expect(html).toContain(`<a href="/dev/inbox/${message.id}/attachments/0" download>invite.ics</a> (text/calendar, 45 t)`);
  expect(html).toContain('päivä &quot;1&quot;.html');
});

test('the header names: RFC 5987 for the UTF-8 name, an ASCII fallback without quotes, separators or directories', () => {
  expect(attachmentHeaders({ filename: "a'(b)*.pdf", contentType: 'application/pdf' })).toMatchObject({
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="a__b__.pdf"; filename*=UTF-8''a%27%28b%29%2A.pdf`,
  });
  expect(attachmentHeaders({ filename: 'x/y;z.svg', contentType: 'image/svg+xml' })).toMatchObject({
    'content-type': 'application/octet-stream',
    // A directory part is dropped (platform/files/serve-file.ts, as for every download).
    'content-disposition': `attachment; filename="y_z.svg"; filename*=UTF-8''y%3Bz.svg`,
  });
});
