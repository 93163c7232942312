import type { Tx } from '../../db/client';
import { outboxEmails } from './mail.tables';

export type OutgoingEmail = {
  to: string;
  fromName: string;
  fromAddress: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * Queues an e-mail in the caller's transaction: it is sent only if the change that caused it commits,
 * and it is not lost if sending fails (the outbox worker retries).
 */
export async function enqueueEmail(tx: Tx, email: OutgoingEmail): Promise<string> {
  const [row] = await tx
    .insert(outboxEmails)
    .values({
      toAddress: email.to,
      fromName: email.fromName,
      fromAddress: email.fromAddress,
      subject: email.subject,
      text: email.text,
      html: email.html,
    })
    .returning({ id: outboxEmails.id });
  return row!.id;
}
