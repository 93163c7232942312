import type { Db } from '../../db/client';
import { JobError } from '../jobs/job-error';
import type { JobRunner } from '../jobs/runner';
import type { EmailAttachment } from './mail.tables';
import { findOutboxEmail, markEmailSent, recordEmailFailure } from './outbox.repo';
import type { MailTransport } from './smtp-transport';

/**
 * How `mail.send` jobs run: the first retry after 30 s, each further one twice as long (eight attempts in all,
 * MAIL_MAX_ATTEMPTS); a claim lasts five minutes, longer than the longest send (connection 10 s + greeting 10 s +
 * idle socket up to 60 s, smtp-transport.ts), so no other runner takes an e-mail in hand.
 */
export const MAIL_DELIVERY = { backoff: { baseMs: 30_000, maxMs: 60 * 60_000 }, leaseMs: 5 * 60_000 };

/** An SMTP failure as it may be stored: code and message, with any e-mail address taken out. */
export function describeSmtpError(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : 'ERROR';
  const response = typeof e?.responseCode === 'number' ? ` ${e.responseCode}` : '';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return `${code}${response}: ${message}`.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>').slice(0, 500);
}

/**
 * Every e-mail the product sends is automatic (RFC 3834): auto-responders and out-of-office replies do not answer it.
 * `X-PRSP-Outbox-Id` names the outbox row, for tracing a delivery.
 */
export function automaticHeaders(outboxId: string): Record<string, string> {
  return { 'Auto-Submitted': 'auto-generated', 'X-PRSP-Outbox-Id': outboxId };
}

/**
 * An invitation attachment (`text/calendar` with a METHOD) also goes as the message's inline calendar part, beside
 * the text and HTML in multipart/alternative: that part is what calendar clients (Outlook, Gmail, Apple Mail) read as
 * an invitation to accept or an update to apply; the attachment stays for those that only open files. An e-mail with
 * several (the bulk change's, one per appointment) inlines none: a client applies only one inline part, and the other
 * appointments would be missed without a word; as attachments each one opens and is applied on its own.
 */
export function calendarAlternatives(attachments: readonly EmailAttachment[]) {
  const invitations = attachments.filter((a) => /^text\/calendar;/i.test(a.contentType) && /;\s*method=/i.test(a.contentType));
  if (invitations.length !== 1) return [];
  return invitations.map((a) => ({ contentType: a.contentType, content: a.contentBase64, encoding: 'base64' }));
}

/**
 * Registers e-mail delivery with the job runner: each `mail.send` job sends its outbox e-mail over SMTP and marks it
 * sent; a failure is kept on the e-mail (address removed) and the runner retries with backoff until the last
 * attempt, which marks the e-mail failed. An e-mail already sent (a run whose outcome was lost) is not sent again.
 * Logs carry job and outbox ids only, never addresses or content. Without a transport nothing is registered and
 * e-mails wait in the outbox for an instance that has one.
 */
export function registerMailDelivery(runner: JobRunner, deps: { db: Db; transport: MailTransport }): void {
  runner.register(
    'mail.send',
    async ({ outboxId }, ctx) => {
      const row = await findOutboxEmail(deps.db, outboxId);
      if (!row || row.status === 'sent') return;
      let failure: unknown;
      try {
        await deps.transport.sendMail({
          from: { name: row.fromName, address: row.fromAddress },
          to: row.toAddress,
          subject: row.subject,
          text: row.text,
          html: row.html,
          alternatives: calendarAlternatives(row.attachments ?? []),
          attachments: (row.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.contentBase64,
            encoding: 'base64',
          })),
          headers: automaticHeaders(row.id),
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (err) {
        failure = err ?? new Error('send failed');
      }
      // Marking happens outside the try: a database error after a successful send must not count as a send failure.
      if (failure === undefined) {
        await markEmailSent(deps.db, row.id, ctx.now);
        ctx.log.info({ outboxId: row.id }, 'e-mail sent');
        return;
      }
      const error = describeSmtpError(failure);
      await recordEmailFailure(deps.db, row.id, error, ctx.isLastAttempt);
      throw new JobError(error);
    },
    MAIL_DELIVERY,
  );
}
