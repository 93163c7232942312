import { expect, test } from 'vitest';
import { beforeMigration } from '../../test/migration-steps';

const WAITING = '00000000-0000-4000-8000-000000000001';
const SENT = '00000000-0000-4000-8000-000000000002';
const FAILED = '00000000-0000-4000-8000-000000000003';

test('e-mails waiting in the old outbox each get a delivery job when the jobs migration runs; sent and failed ones do not', async () => {
  // The database as it was before the jobs table.
  await beforeMigration('0002_jobs', async (client, migrateTheRest) => {
    await client.exec(`
      insert into outbox_emails (id, to_address, from_name, from_address, subject, text, html, status, attempts, next_attempt_at, last_error) values
        ('${WAITING}', 'a@test.example', 'N', 'f@test.example', 'S', 'T', 'H', 'pending', 3, '2030-01-01T00:00:00Z', 'ECONNREFUSED'),
        ('${SENT}', 'b@test.example', 'N', 'f@test.example', 'S', 'T', 'H', 'sent', 1, now(), null),
        ('${FAILED}', 'c@test.example', 'N', 'f@test.example', 'S', 'T', 'H', 'failed', 8, now(), 'EENVELOPE 550');
    `);
    await migrateTheRest();

    const jobs = await client.query<Record<string, unknown>>('select id, kind, payload, state, run_at, attempts, max_attempts from jobs');
    expect(jobs.rows).toEqual([
      {
        id: expect.any(String),
        kind: 'mail.send',
        payload: { outboxId: WAITING },
        state: 'queued',
        run_at: new Date('2030-01-01T00:00:00Z'),
        attempts: 3,
        max_attempts: 8,
      },
    ]);
    const emails = await client.query<{ id: string; status: string; job_id: string | null; last_error: string | null }>(
      'select id, status, job_id, last_error from outbox_emails order by id',
    );
    expect(emails.rows).toEqual([
      { id: WAITING, status: 'pending', job_id: jobs.rows[0]!.id, last_error: 'ECONNREFUSED' },
      { id: SENT, status: 'sent', job_id: null, last_error: null },
      { id: FAILED, status: 'failed', job_id: null, last_error: 'EENVELOPE 550' },
    ]);
  });
});
