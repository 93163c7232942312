import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { freePort, startTestApp, type TestApp } from '../../test/test-app';
import { claimDueEmails } from './outbox-queries';
import { createOutboxWorker, OUTBOX_DEFAULTS, retryDelayMs } from './outbox-worker';
import { createMailTransport, type MailTransport } from './smtp-transport';
import { sendTemplatedEmail } from './templated-email';

let t: TestApp;
let closedPort: number;
beforeAll(async () => {
  // A port nothing listens on: every connection is refused at once.
  closedPort = await freePort();
  t = await startTestApp({ MAIL_CATCHER_PORT: '0', SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
});
afterAll(() => t.close());

function recordingLog() {
  const lines: unknown[] = [];
  const log = (obj: Record<string, unknown>, msg: string) => void lines.push({ ...obj, msg });
  return { lines, log: { info: log, warn: log, error: log } };
}

async function queue(to: string): Promise<string> {
  return t.database.db.transaction((tx) =>
    sendTemplatedEmail(tx, {
      organisationId: null,
      kind: 'passwordReset',
      language: 'fi',
      to,
      tags: { firstName: 'Salainen', lastName: 'Henkilö', link: 'https://x.example/reset?token=secret-token' },
    }),
  );
}

async function row(id: string) {
  const [r] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return r!;
}

test('SMTP_URL wins over the catcher, and a refused connection is retried with backoff, then marked failed without losing the row', async () => {
  const to = 'salainen.henkilo@example.fi';
  const id = await queue(to);
  let clock = new Date(Date.now() + 1000);
  const { lines, log } = recordingLog();
  const worker = createOutboxWorker({ db: t.database.db, transport: t.app.mail.transport, log, now: () => clock });

  expect(await worker.runOnce()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
  let r = await row(id);
  expect(r).toMatchObject({ status: 'pending', attempts: 1 });
  expect(r.nextAttemptAt.getTime()).toBe(clock.getTime() + 30_000);
  expect(r.lastError).toMatch(/ECONNREFUSED/);

  // Not due yet: nothing happens.
  expect((await worker.runOnce()).claimed).toBe(0);

  for (let attempt = 2; attempt <= OUTBOX_DEFAULTS.maxAttempts; attempt++) {
    clock = new Date(clock.getTime() + retryDelayMs(attempt - 1));
    const result = await worker.runOnce();
    expect(result.claimed).toBe(1);
    r = await row(id);
    expect(r.attempts).toBe(attempt);
    if (attempt < OUTBOX_DEFAULTS.maxAttempts) expect(r.nextAttemptAt.getTime()).toBe(clock.getTime() + retryDelayMs(attempt));
  }
  r = await row(id);
  expect(r).toMatchObject({ status: 'failed', attempts: 8, toAddress: to, subject: 'Salasanan vaihtaminen – PRSP', sentAt: null });
  expect(r.lastError).toMatch(/ECONNREFUSED/);

  // A failed e-mail is left alone.
  clock = new Date(clock.getTime() + 24 * 3600_000);
  expect((await worker.runOnce()).claimed).toBe(0);

  // Nothing reached the catcher; the logs name the outbox id only, never the address, subject or link.
  const inbox = await (await new TestBrowser(t.baseUrl).fetch(`/api/dev/inbox?to=${encodeURIComponent(to)}`)).json();
  expect(inbox.data.messages).toEqual([]);
  const logged = JSON.stringify(lines);
  expect(lines).toHaveLength(8);
  expect(logged).toContain(id);
  for (const secret of [to, 'Salainen', 'secret-token', 'Salasanan']) expect(logged).not.toContain(secret);
});

test('an e-mail that failed once is delivered when the server answers again', async () => {
  const id = await queue('later@test.example');
  const catcher = createMailTransport({ catcherPort: t.app.mail.catcherPort })!;
  let calls = 0;
  const flaky: MailTransport = {
    async sendMail(message) {
      calls++;
      if (calls === 1) throw Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' });
      return catcher.sendMail(message);
    },
  };
  let clock = new Date(Date.now() + 1000);
  const worker = createOutboxWorker({ db: t.database.db, transport: flaky, log: recordingLog().log, now: () => clock });
  expect((await worker.runOnce()).retried).toBe(1);
  expect((await row(id)).lastError).toBe('ETIMEDOUT: Greeting never received');
  clock = new Date(clock.getTime() + 30_000);
  expect((await worker.runOnce()).sent).toBe(1);
  expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  const inbox = await (await new TestBrowser(t.baseUrl).fetch('/api/dev/inbox?to=later%40test.example')).json();
  expect(inbox.data.messages).toHaveLength(1);
});

test('an e-mail claimed by a worker that died is taken up again once its lease runs out', async () => {
  const id = await queue('lease@test.example');
  const at = new Date(Date.now() + 1000);
  const claimed = await claimDueEmails(t.database.db, { now: at, leaseUntil: new Date(at.getTime() + OUTBOX_DEFAULTS.leaseMs), limit: 10 });
  expect(claimed.map((c) => c.id)).toEqual([id]);
  // …and that worker never reports back.
  let clock = at;
  const catcher = createMailTransport({ catcherPort: t.app.mail.catcherPort });
  const worker = createOutboxWorker({ db: t.database.db, transport: catcher, log: recordingLog().log, now: () => clock });
  expect((await worker.runOnce()).claimed).toBe(0);
  clock = new Date(at.getTime() + OUTBOX_DEFAULTS.leaseMs + 1);
  expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
  expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
});

test('the polling worker delivers by itself and stops cleanly', async () => {
  const id = await queue('polling@test.example');
  const worker = createOutboxWorker({
    db: t.database.db,
    transport: createMailTransport({ catcherPort: t.app.mail.catcherPort }),
    log: recordingLog().log,
    pollIntervalMs: 20,
  });
  worker.start();
  const deadline = Date.now() + 10_000;
  while ((await row(id)).status !== 'sent' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  await worker.stop();
  expect((await row(id)).status).toBe('sent');
});
