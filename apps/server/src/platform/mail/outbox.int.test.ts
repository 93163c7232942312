import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { jobs, outboxEmails } from '../../db/schema';
import { openTestDatabase } from '../../test/test-database';
import { enqueueEmail, MAIL_MAX_ATTEMPTS, type OutgoingEmail } from './outbox';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const email = (to: string): OutgoingEmail => ({ to, fromName: 'N', fromAddress: 'f@test.example', subject: 'S', text: 'T', html: 'H' });

async function stored(to: string) {
  return database.db
    .select({ id: outboxEmails.id, status: outboxEmails.status, kind: jobs.kind, payload: jobs.payload, maxAttempts: jobs.maxAttempts })
    .from(outboxEmails)
    .leftJoin(jobs, eq(jobs.id, outboxEmails.jobId))
    .where(eq(outboxEmails.toAddress, to));
}

test('an e-mail is stored with its delivery job, which names the row and nothing personal', async () => {
  const id = await database.db.transaction((tx) => enqueueEmail(tx, email('kept@test.example')));
  expect(await stored('kept@test.example')).toEqual([
    { id, status: 'pending', kind: 'mail.send', payload: { outboxId: id }, maxAttempts: MAIL_MAX_ATTEMPTS },
  ]);
});

test('an e-mail queued in a transaction that rolls back leaves neither the e-mail nor its job', async () => {
  const jobsBefore = (await database.db.select().from(jobs)).length;
  await expect(
    database.db.transaction(async (tx) => {
      await enqueueEmail(tx, email('rolled-back@test.example'));
      throw new Error('the change fails');
    }),
  ).rejects.toThrow('the change fails');
  expect(await stored('rolled-back@test.example')).toEqual([]);
  expect(await database.db.select().from(jobs)).toHaveLength(jobsBefore);
});

test('queued outside a transaction, the e-mail and its job are still written together', async () => {
  const id = await enqueueEmail(database.db, email('alone@test.example'));
  expect(await stored('alone@test.example')).toEqual([
    { id, status: 'pending', kind: 'mail.send', payload: { outboxId: id }, maxAttempts: MAIL_MAX_ATTEMPTS },
  ]);
});

test('an e-mail queued again under the same key is not queued twice: the first one’s id answers', async () => {
  const first = await database.db.transaction((tx) => enqueueEmail(tx, email('once@test.example'), { onceKey: 'once-1' }));
  const again = await database.db.transaction((tx) => enqueueEmail(tx, email('once@test.example'), { onceKey: 'once-1' }));
  expect(again).toBe(first);
  expect(await stored('once@test.example')).toEqual([
    { id: first, status: 'pending', kind: 'mail.send', payload: { outboxId: first }, maxAttempts: MAIL_MAX_ATTEMPTS },
  ]);
});
