import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { CaughtEmail, DevInbox } from '@prsp/contracts';
import { jobs, outboxEmails } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { organisationId } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { createJobRunner, type JobRunner } from '../jobs/runner';
import { registerMailDelivery } from './outbox-delivery';
import { sendTemplatedEmail } from './templated-email';
import { upsertCustomTemplate } from './templates/email-templates.repo';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let browser: TestBrowser;
beforeAll(async () => {
  t = await startTestApp({ MAIL_CATCHER_PORT: '0' });
  browser = new TestBrowser(t.baseUrl);
});
afterAll(() => t.close());

/** One round of the app's job runner, for e-mail only. */
function deliver(runner: JobRunner = t.app.jobs, limit = 10) {
  return runner.runOnce({ kinds: ['mail.send'], limit });
}

/** A second instance's runner on the same database. */
function otherRunner(): JobRunner {
  const runner = createJobRunner({ db: t.database.db, log: silent });
  registerMailDelivery(runner, { db: t.database.db, transport: t.app.mail.transport! });
  return runner;
}

async function deliveryJob(outboxId: string) {
  const [row] = await t.database.db
    .select({ state: jobs.state, attempts: jobs.attempts, payload: jobs.payload })
    .from(outboxEmails)
    .innerJoin(jobs, eq(jobs.id, outboxEmails.jobId))
    .where(eq(outboxEmails.id, outboxId));
  return row;
}

async function inbox(to: string): Promise<DevInbox['messages']> {
  const res = await browser.fetch(`/api/dev/inbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: DevInbox }).data.messages;
}

async function message(id: string): Promise<CaughtEmail> {
  const res = await browser.fetch(`/api/dev/inbox/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: CaughtEmail }).data;
}

test('with port 0 the catcher listens on a free port of its own, and mail goes there', () => {
  expect(t.app.mail.catcherPort).toBeGreaterThan(0);
  expect(t.app.mail.catcherPort).not.toBe(2525);
  expect(t.app.mail.transport).not.toBeNull();
});

describe('outbox → job runner → SMTP → catcher', () => {
  test('a registration e-mail is rendered from the default template, sent over SMTP and shown in the inbox', async () => {
    const espoo = await organisationId(t, 'espoo-demo');
    const to = 'new.expert@test.example';
    const link = 'http://127.0.0.1/expert/register?token=abc&x=1';
    const outboxId = await t.database.db.transaction((tx) =>
      sendTemplatedEmail(tx, {
        sender: t.config.mail.sender,
        organisationId: espoo,
        kind: 'registration',
        language: 'en',
        to,
        tags: { firstName: 'Eero', lastName: 'Esimerkki', link },
      }),
    );
    // The delivery job names the outbox row only: the address and content stay in the outbox.
    expect(await deliveryJob(outboxId)).toEqual({ state: 'queued', attempts: 0, payload: { outboxId } });
    expect(await deliver()).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });

    const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, outboxId));
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(await deliveryJob(outboxId)).toMatchObject({ state: 'done', attempts: 1 });

    const list = await inbox(to);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ to, subject: 'Set your password – Espoon etävastaanotto' });
    const mail = await message(list[0]!.id);
    expect(mail.from).toBe('"PRSP" <no-reply@prsp.example>');
    expect(mail.text).toContain('Hello Eero Esimerkki,');
    expect(mail.text).toContain('The link is valid for 24 hours');
    expect(mail.html).toContain('<a href="http://127.0.0.1/expert/register?token=abc&amp;x=1">');
    expect(mail.links).toEqual([link]);
  });

  test("an organisation's own template overrides the default for its kind and language only", async () => {
    const espoo = await organisationId(t, 'espoo-demo');
    const kaarina = await organisationId(t, 'kaarina-demo');
    await upsertCustomTemplate(t.database.db, {
      organisationId: espoo,
      kind: 'passwordReset',
      language: 'fi',
      senderName: 'Espoon etävastaanotto',
      senderAddress: 'noreply@espoo.example',
      title: 'Espoo: uusi salasana {{firstName}}',
      content: 'Linkki: {{link}} ({{validFor}}) {{tuntematon}}',
    });
    const send = (organisationId: string | null, language: 'fi' | 'en', to: string) =>
      t.database.db.transaction((tx) =>
        sendTemplatedEmail(tx, {
          sender: t.config.mail.sender,
          organisationId,
          kind: 'passwordReset',
          language,
          to,
          tags: { firstName: 'Aino', lastName: 'V', link: 'https://x.example/r' },
        }),
      );
    await send(espoo, 'fi', 'custom-fi@test.example');
    await send(espoo, 'en', 'default-en@test.example');
    await send(kaarina, 'fi', 'other-org@test.example');
    await send(null, 'fi', 'no-org@test.example');
    expect((await deliver()).done).toBe(4);

    const custom = await message((await inbox('custom-fi@test.example'))[0]!.id);
    expect(custom.subject).toBe('Espoo: uusi salasana Aino');
    expect(custom.from).toBe('"Espoon etävastaanotto" <noreply@espoo.example>');
    expect(custom.text).toBe('Linkki: https://x.example/r (30 minuuttia) {{tuntematon}}');
    expect((await inbox('default-en@test.example'))[0]!.subject).toBe('Reset your password – Espoon etävastaanotto');
    expect((await inbox('other-org@test.example'))[0]!.subject).toBe('Salasanan vaihtaminen – Kaarinan terveysneuvonta');
    // Without an organisation the service's own name stands in.
    expect((await inbox('no-org@test.example'))[0]!.subject).toBe('Salasanan vaihtaminen – PRSP');
  });

  test('two runners racing over the same outbox never send an e-mail twice', async () => {
    const count = 12;
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await sendTemplatedEmail(tx, {
          sender: t.config.mail.sender,
          organisationId: null,
          kind: 'registration',
          language: 'fi',
          to: `race-${i}@test.example`,
          tags: { firstName: `N${i}`, lastName: 'R', link: `https://x.example/${i}` },
        });
      }
    });
    const drain = async (runner: JobRunner) => {
      let sent = 0;
      for (let claimed = 1; claimed > 0;) {
        const r = await deliver(runner, 3);
        claimed = r.claimed;
        sent += r.done;
      }
      return sent;
    };
    const [a, b] = await Promise.all([drain(t.app.jobs), drain(otherRunner())]);
    expect(a + b).toBe(count);
    for (let i = 0; i < count; i++) expect(await inbox(`race-${i}@test.example`)).toHaveLength(1);
    const rows = await t.database.db
      .select({ status: outboxEmails.status, attempts: jobs.attempts })
      .from(outboxEmails)
      .innerJoin(jobs, eq(jobs.id, outboxEmails.jobId))
      .where(like(outboxEmails.toAddress, 'race-%'));
    expect(rows.map((r) => `${r.status}/${r.attempts}`)).toEqual(Array(count).fill('sent/1'));
  });
});

describe('the inbox', () => {
  test('the list answers newest first and narrows by recipient', async () => {
    const res = await browser.fetch('/api/dev/inbox');
    const all = ((await res.json()) as { data: DevInbox }).data.messages;
    expect(all.length).toBeGreaterThanOrEqual(17);
    const times = all.map((m) => m.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await inbox('nobody@test.example')).toEqual([]);
    expect(await inbox('NEW.EXPERT@test.example')).toHaveLength(1);
  });

  test('an unknown message is 404 and a malformed id 400', async () => {
    expect((await browser.fetch('/api/dev/inbox/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await browser.fetch('/api/dev/inbox/not-an-id')).status).toBe(400);
  });

  test('the HTML inbox is a plain page in Finnish with headings, escaped text, links as anchors, and no script', async () => {
    await t.database.db.transaction((tx) =>
      sendTemplatedEmail(tx, {
        sender: t.config.mail.sender,
        organisationId: null,
        kind: 'registration',
        language: 'fi',
        to: 'page@test.example',
        tags: { firstName: '<b>Aino</b>', lastName: 'V', organisationName: '<i>Org</i>', link: 'https://x.example/page?a=1&b=2' },
      }),
    );
    await deliver();
    const list = await browser.fetch('/dev/inbox?to=page%40test.example');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^text\/html/);
    expect(list.headers.get('content-security-policy')).toContain("script-src 'self'");
    const listHtml = await list.text();
    expect(listHtml).toContain('<html lang="fi">');
    expect(listHtml).toMatch(/<h1>Testisähköpostit<\/h1>[\s\S]*<h2>Viestit<\/h2>/);
    expect(listHtml).toContain('<label for="to">');
    expect(listHtml).toContain('Aseta salasanasi – &lt;i&gt;Org&lt;/i&gt;');
    expect(listHtml).not.toContain('<i>Org</i>');
    expect(listHtml).not.toContain('<script');

    const id = (await inbox('page@test.example'))[0]!.id;
    const page = await (await browser.fetch(`/dev/inbox/${id}`)).text();
    expect(page).toContain('<h2>Linkit</h2>');
    expect(page).toContain('<a href="https://x.example/page?a=1&amp;b=2">');
    expect(page).toContain('Hei &lt;b&gt;Aino&lt;/b&gt; V,');
    expect(page).not.toContain('<b>Aino</b>');
    expect(page).not.toContain('<iframe');
  });
});

describe('with the catcher off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ MAIL_CATCHER_ENABLED: 'false' });
  });
  afterAll(() => off.close());

  test('no catcher, no inbox, and without SMTP_URL no transport: mail waits in the outbox', async () => {
    expect(off.app.mail).toEqual({ transport: null, catcherPort: null });
    const res = await new TestBrowser(off.baseUrl).fetch('/api/dev/inbox');
    expect(res.status).toBe(404);
    await off.database.db.transaction((tx) =>
      sendTemplatedEmail(tx, {
        sender: t.config.mail.sender,
        organisationId: null,
        kind: 'registration',
        language: 'fi',
        to: 'wait@test.example',
        tags: {},
      }),
    );
    // This instance registers no e-mail delivery, so its runner leaves the job for an instance that can send.
    expect(off.app.jobs.describe().kinds).not.toContain('mail.send');
    expect(await off.app.jobs.runOnce({ kinds: ['mail.send'] })).toEqual({ claimed: 0, done: 0, retried: 0, failed: 0 });
    const [row] = await off.database.db
      .select({ status: outboxEmails.status, state: jobs.state, attempts: jobs.attempts })
      .from(outboxEmails)
      .innerJoin(jobs, eq(jobs.id, outboxEmails.jobId))
      .where(eq(outboxEmails.toAddress, 'wait@test.example'));
    expect(row).toEqual({ status: 'pending', state: 'queued', attempts: 0 });
  });
});
