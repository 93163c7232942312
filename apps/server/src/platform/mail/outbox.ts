import { randomUUID } from 'node:crypto';
import { inTransaction, type Tx } from '../../db/client';
import { findSingletonJobPayload } from '../jobs/jobs.repo';
import { enqueueJob, jobInSameStatement } from '../jobs/queue';
import type { EmailAttachment } from './mail.tables';
import { insertOutboxEmail } from './outbox.repo';

export type { EmailAttachment } from './mail.tables';

declare module '../jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Sends one outbox e-mail (outbox-delivery.ts): the payload names the row, whose content stays in the outbox. */
    'mail.send': { outboxId: string };
  }
}

export type OutgoingEmail = {
  to: string;
  fromName: string;
  fromAddress: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a calendar invitation): small, generated, kept in the outbox row with the e-mail. */
  attachments?: readonly EmailAttachment[];
};

/** Attempts before an e-mail is given up: the first try and seven retries, the last about an hour after the first. */
export const MAIL_MAX_ATTEMPTS = 8;

/**
 * Queues an e-mail in the caller's transaction: the outbox row and its `mail.send` job exist only if the change that
 * caused them commits, and the e-mail is not lost if sending fails (the job runner retries). Called outside a
 * transaction, the row and the job are still written together, so no runner sees the job without its e-mail.
 *
 * `onceKey` makes it idempotent for work that may run twice (a job handler run again after its outcome was lost):
 * an e-mail already queued under the same key is not queued again, and its id is returned instead.
 */
export async function enqueueEmail(tx: Tx, email: OutgoingEmail, options: { onceKey?: string } = {}): Promise<string> {
  const id = randomUUID();
  const row = {
    id,
    toAddress: email.to,
    fromName: email.fromName,
    fromAddress: email.fromAddress,
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments: email.attachments?.length ? email.attachments.map((a) => ({ ...a })) : null,
  };
  const job = { maxAttempts: MAIL_MAX_ATTEMPTS };
  // Most e-mails: the job and its outbox row in one statement.
  if (!options.onceKey) {
    await insertOutboxEmail(tx, row, jobInSameStatement(tx, 'mail.send', { outboxId: id }, job));
    return id;
  }
  // The key may name an e-mail queued before: then its id, and nothing new.
  return inTransaction(tx, async (inner) => {
    const jobId = await enqueueJob(inner, 'mail.send', { outboxId: id }, { ...job, singletonKey: options.onceKey });
    if (!jobId) {
      const earlier = await findSingletonJobPayload(inner, 'mail.send', options.onceKey!);
      return (earlier as { outboxId: string }).outboxId;
    }
    await insertOutboxEmail(inner, { ...row, jobId });
    return id;
  });
}
