import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, outboxEmails } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { freePort, startTestApp, type TestApp } from '../../test/test-app';
import { retryDelayMs } from '../jobs/backoff';
import { claimJobs } from '../jobs/jobs.repo';
import { createJobRunner, type JobLog } from '../jobs/runner';
import { MAIL_MAX_ATTEMPTS } from './outbox';
import { MAIL_DELIVERY, registerMailDelivery } from './outbox-delivery';
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
  return { lines, log: { info: log, warn: log, error: log } satisfies JobLog };
}

/** A job runner that delivers e-mail only, with its own transport, log and clock. */
function mailRunner(opts: { transport: MailTransport; log: JobLog; now?: () => Date; pollIntervalMs?: number }) {
  const runner = createJobRunner({ db: t.database.db, log: opts.log, now: opts.now, pollIntervalMs: opts.pollIntervalMs });
  registerMailDelivery(runner, { db: t.database.db, transport: opts.transport });
  return runner;
}

async function queue(to: string): Promise<string> {
  return t.database.db.transaction((tx) =>
    sendTemplatedEmail(tx, {
      sender: t.config.mail.sender,
      organisationId: null,
      kind: 'passwordReset',
      language: 'fi',
      to,
      tags: { firstName: 'Salainen', lastName: 'Henkilö', link: 'https://x.example/reset?token=secret-token' },
    }),
  );
}

/** The outbox e-mail with its delivery job's state, attempts and next run. */
async function row(id: string) {
  const [r] = await t.database.db
    .select({
      status: outboxEmails.status,
      lastError: outboxEmails.lastError,
      toAddress: outboxEmails.toAddress,
      subject: outboxEmails.subject,
      sentAt: outboxEmails.sentAt,
      jobId: jobs.id,
      state: jobs.state,
      attempts: jobs.attempts,
      runAt: jobs.runAt,
      jobError: jobs.lastError,
    })
    .from(outboxEmails)
    .innerJoin(jobs, eq(jobs.id, outboxEmails.jobId))
    .where(eq(outboxEmails.id, id));
  return r!;
}

test('SMTP_URL wins over the catcher, and a refused connection is retried with backoff, then marked failed without losing the row', async () => {
  const to = 'salainen.henkilo@example.fi';
  const id = await queue(to);
  let clock = new Date(Date.now() + 1000);
  const { lines, log } = recordingLog();
  const runner = mailRunner({ transport: t.app.mail.transport!, log, now: () => clock });

  expect(await runner.runOnce()).toEqual({ claimed: 1, done: 0, retried: 1, failed: 0 });
  let r = await row(id);
  expect(r).toMatchObject({ status: 'pending', state: 'queued', attempts: 1 });
  expect(r.runAt.getTime()).toBe(clock.getTime() + 30_000);
  expect(r.lastError).toMatch(/ECONNREFUSED/);
  expect(r.jobError).toBe(r.lastError);

  // Not due yet: nothing happens.
  expect((await runner.runOnce()).claimed).toBe(0);

  for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
    clock = new Date(clock.getTime() + retryDelayMs(attempt - 1, MAIL_DELIVERY.backoff));
    const result = await runner.runOnce();
    expect(result.claimed).toBe(1);
    r = await row(id);
    expect(r.attempts).toBe(attempt);
    if (attempt < MAIL_MAX_ATTEMPTS) expect(r.runAt.getTime()).toBe(clock.getTime() + retryDelayMs(attempt, MAIL_DELIVERY.backoff));
  }
  r = await row(id);
  expect(r).toMatchObject({
    status: 'failed',
    state: 'failed',
    attempts: 8,
    toAddress: to,
    subject: 'Salasanan vaihtaminen – PRSP',
    sentAt: null,
  });
  expect(r.lastError).toMatch(/ECONNREFUSED/);

  // A failed e-mail is left alone.
  clock = new Date(clock.getTime() + 24 * 3600_000);
  expect((await runner.runOnce()).claimed).toBe(0);

  // Nothing reached the catcher; the logs name the job only, never the address, subject or link.
  const inbox = await (await new TestBrowser(t.baseUrl).fetch(`/api/dev/inbox?to=${encodeURIComponent(to)}`)).json();
  expect(inbox.data.messages).toEqual([]);
  const logged = JSON.stringify(lines);
  expect(lines).toHaveLength(8);
  expect(logged).toContain(r.jobId);
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
  const runner = mailRunner({ transport: flaky, log: recordingLog().log, now: () => clock });
  expect((await runner.runOnce()).retried).toBe(1);
  expect((await row(id)).lastError).toBe('ETIMEDOUT: Greeting never received');
  clock = new Date(clock.getTime() + 30_000);
  expect((await runner.runOnce()).done).toBe(1);
  expect(await row(id)).toMatchObject({ status: 'sent', state: 'done', attempts: 2, lastError: null, jobError: null });
  const inbox = await (await new TestBrowser(t.baseUrl).fetch('/api/dev/inbox?to=later%40test.example')).json();
  expect(inbox.data.messages).toHaveLength(1);
});

test('an e-mail claimed by a runner that died is taken up again once its lease runs out', async () => {
  const id = await queue('lease@test.example');
  const at = new Date(Date.now() + 1000);
  const claimed = await claimJobs(t.database.db, { kinds: ['mail.send'], now: at, limit: 10, leaseMs: () => MAIL_DELIVERY.leaseMs });
  expect(claimed.claimed.map((c) => c.payload)).toEqual([{ outboxId: id }]);
  // …and that runner never reports back.
  let clock = at;
  const catcher = createMailTransport({ catcherPort: t.app.mail.catcherPort })!;
  const runner = mailRunner({ transport: catcher, log: recordingLog().log, now: () => clock });
  expect((await runner.runOnce()).claimed).toBe(0);
  clock = new Date(at.getTime() + MAIL_DELIVERY.leaseMs + 1);
  expect(await runner.runOnce()).toMatchObject({ claimed: 1, done: 1 });
  expect(await row(id)).toMatchObject({ status: 'sent', state: 'done', attempts: 2 });
});

test('an e-mail already sent is not sent again when its job runs once more', async () => {
  const id = await queue('twice@test.example');
  const catcher = createMailTransport({ catcherPort: t.app.mail.catcherPort })!;
  let sends = 0;
  const counting: MailTransport = {
    async sendMail(message) {
      sends++;
      return catcher.sendMail(message);
    },
  };
  const runner = mailRunner({ transport: counting, log: recordingLog().log });
  expect((await runner.runOnce()).done).toBe(1);
  // Its outcome was lost (say): an operator requeues the job.
  await t.database.db
    .update(jobs)
    .set({ state: 'queued', runAt: new Date(0) })
    .where(eq(jobs.id, (await row(id)).jobId));
  expect((await runner.runOnce()).done).toBe(1);
  expect(sends).toBe(1);
});

test('the polling runner delivers by itself and stops cleanly', async () => {
  const id = await queue('polling@test.example');
  const runner = mailRunner({
    transport: createMailTransport({ catcherPort: t.app.mail.catcherPort })!,
    log: recordingLog().log,
    pollIntervalMs: 20,
  });
  runner.start();
  const deadline = Date.now() + 10_000;
  while ((await row(id)).status !== 'sent' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  await runner.stop();
  expect((await row(id)).status).toBe('sent');
});
