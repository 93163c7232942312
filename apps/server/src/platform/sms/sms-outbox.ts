import { randomUUID } from 'node:crypto';
import { inTransaction, type Tx } from '../../db/client';
import { findSingletonJobPayload } from '../jobs/jobs.repo';
import { enqueueJob, jobInSameStatement } from '../jobs/queue';
import { insertOutboxSms } from './sms-outbox.repo';

declare module '../jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Sends one outbox SMS (sms-delivery.ts): the payload names the row; the number and text stay in the outbox. */
    'sms.send': { outboxSmsId: string };
  }
}

/**
 * Attempts before an SMS is given up: the first try and five retries over about a quarter of an hour (30 s, 1, 2,
 * 4 and 8 min). An SMS is a reminder an hour ahead: later than that it would only confuse.
 */
export const SMS_MAX_ATTEMPTS = 6;

/** The longest text queued: ten concatenated message parts. Longer text is cut, never refused. */
export const SMS_MAX_TEXT = 1530;

export type OutgoingSms = {
  /** The number in international form (`toInternationalNumber`). */
  to: string;
  text: string;
};

/**
 * Queues an SMS in the caller's transaction, exactly like e-mail (platform/mail/outbox.ts): the outbox row and its
 * `sms.send` job exist only if the change that caused them commits, and the job runner retries a failed send with
 * backoff. The sender is the configured `SMS_SENDER`, added when the message is sent. `onceKey` makes it
 * idempotent for handlers that may run twice: a message already queued under the key is not queued again.
 * Returns the outbox id (the earlier one's when the key was used before).
 */
export async function enqueueSms(tx: Tx, sms: OutgoingSms, options: { onceKey?: string } = {}): Promise<string> {
  const id = randomUUID();
  const row = { id, toNumber: sms.to, text: sms.text.slice(0, SMS_MAX_TEXT) };
  const job = { maxAttempts: SMS_MAX_ATTEMPTS };
  // Most messages: the job and its outbox row in one statement.
  if (!options.onceKey) {
    await insertOutboxSms(tx, row, jobInSameStatement(tx, 'sms.send', { outboxSmsId: id }, job));
    return id;
  }
  // The key may name a message queued before: then its id, and nothing new.
  return inTransaction(tx, async (inner) => {
    const jobId = await enqueueJob(inner, 'sms.send', { outboxSmsId: id }, { ...job, singletonKey: options.onceKey });
    if (!jobId) {
      const earlier = await findSingletonJobPayload(inner, 'sms.send', options.onceKey!);
      return (earlier as { outboxSmsId: string }).outboxSmsId;
    }
    await insertOutboxSms(inner, { ...row, jobId });
    return id;
  });
}
