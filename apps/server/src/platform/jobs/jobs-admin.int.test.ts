import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestBrowser } from '../../test/http-client';
import { signInStaff } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { sendTemplatedEmail } from '../mail/templated-email';
import { jobs } from './jobs.tables';
import type { JobsOverview } from './jobs.routes';
import { enqueueJob } from './queue';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test("the app's runner delivers e-mail, SMS, pushes and webhooks, sends reminders and runs the housekeeping jobs on their schedules", () => {
  expect(t.app.jobs.describe()).toEqual({
    kinds: [
      'booking.holds.expire',
      'booking.reminderEmail',
      'booking.reminderSms',
      'events.deliver',
      'identity.loginFlows.purge',
      'jobs.cleanup',
      'mail.send',
      'push.appointmentSoon',
      'push.send',
      'retention.run',
      'sessions.purge',
      'sms.send',
      'surveys.afterAppointment',
      'webhooks.deliver',
    ],
    schedules: [
      { kind: 'jobs.cleanup', schedule: { dailyAt: '04:30' } },
      { kind: 'sessions.purge', schedule: { everyMs: 3_600_000 } },
      { kind: 'identity.loginFlows.purge', schedule: { everyMs: 600_000 } },
      { kind: 'push.appointmentSoon', schedule: { everyMs: 60_000 } },
      { kind: 'booking.holds.expire', schedule: { everyMs: 60_000 } },
      { kind: 'retention.run', schedule: { dailyAt: '02:00' } },
    ],
  });
});

test('global admins see jobs per kind and state and the latest failures, without payloads', async () => {
  const db = t.database.db;
  // A personal detail in an e-mail, and a failed job: the overview shows neither the address nor any payload.
  await db.transaction((tx) =>
    sendTemplatedEmail(tx, {
      sender: t.config.mail.sender,
      organisationId: null,
      kind: 'registration',
      language: 'fi',
      to: 'aino.secret@test.example',
      tags: {},
    }),
  );
  const failedId = await enqueueJob(db, 'sessions.purge', {}, { runAt: new Date(Date.now() + 3_600_000) });
  await db
    .update(jobs)
    .set({ state: 'failed', attempts: 3, lastError: 'DrizzleQueryError 57014 (details withheld)', finishedAt: new Date() })
    .where(eq(jobs.id, failedId!));

  const admin = new TestBrowser(t.baseUrl);
  await signInStaff(t, admin, { isGlobalAdmin: true, preset: 'custom' });
  const res = await admin.fetch('/api/admin/jobs');
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).not.toContain('aino.secret');
  expect(text).not.toContain('outboxId');
  const overview = (JSON.parse(text) as { data: JobsOverview }).data;
  expect(overview.kinds).toContain('mail.send');
  expect(overview.schedules).toContainEqual({ kind: 'retention.run', schedule: 'daily at 02:00 Europe/Helsinki' });
  expect(overview.schedules).toContainEqual({ kind: 'sessions.purge', schedule: 'every 60 min' });
  expect(overview.counts).toContainEqual(expect.objectContaining({ kind: 'mail.send', state: 'queued', count: 1 }));
  expect(overview.counts).toContainEqual(expect.objectContaining({ kind: 'sessions.purge', state: 'failed', count: 1 }));
  expect(overview.failures).toEqual([
    expect.objectContaining({
      id: failedId,
      kind: 'sessions.purge',
      attempts: 3,
      maxAttempts: 5,
      lastError: 'DrizzleQueryError 57014 (details withheld)',
    }),
  ]);
});

test('an admin who is not a global admin, and anyone signed out, are refused', async () => {
  const orgAdmin = new TestBrowser(t.baseUrl);
  await signInStaff(t, orgAdmin, { preset: 'organisationAdmin' });
  expect((await orgAdmin.fetch('/api/admin/jobs')).status).toBe(403);
  expect((await new TestBrowser(t.baseUrl).fetch('/api/admin/jobs')).status).toBe(401);
});
