import type { Db } from '../../db/client';
import { JobError } from '../jobs/job-error';
import type { JobRunner } from '../jobs/runner';
import { SMS_GATEWAY_TIMEOUT_MS } from './http-sms-gateway';
import { SmsGatewayError, type SmsGateway } from './sms-gateway';
import { findOutboxSms, markSmsSent, recordSmsFailure } from './sms-outbox.repo';

/**
 * How `sms.send` jobs run: retries after 30 s, doubling (SMS_MAX_ATTEMPTS in all); a claim lasts two minutes, far
 * longer than one request to the gateway (SMS_GATEWAY_TIMEOUT_MS), so no other runner sends an SMS in hand.
 */
export const SMS_DELIVERY = { backoff: { baseMs: 30_000, maxMs: 60 * 60_000 }, leaseMs: Math.max(2 * 60_000, 6 * SMS_GATEWAY_TIMEOUT_MS) };

/** A failure as it may be stored: the gateway error's own text (no number, no content), else the error's class only. */
export function describeSmsError(err: unknown): string {
  if (err instanceof SmsGatewayError) return err.message.slice(0, 500);
  return `${(err as { name?: unknown })?.name ?? 'Error'} (details withheld: they may name the recipient)`;
}

/**
 * Registers SMS delivery with the job runner: each `sms.send` job sends its outbox SMS through the gateway with the
 * configured sender and marks it sent; a failure is kept on the row and retried with backoff until the last attempt,
 * which marks it failed. An SMS already sent is not sent again. Logs carry ids only.
 */
export function registerSmsDelivery(runner: JobRunner, deps: { db: Db; gateway: SmsGateway; sender: string }): void {
  runner.register(
    'sms.send',
    async ({ outboxSmsId }, ctx) => {
      const row = await findOutboxSms(deps.db, outboxSmsId);
      if (!row || row.status === 'sent') return;
      let failure: unknown;
      try {
        await deps.gateway.send({ to: row.toNumber, from: deps.sender, text: row.text });
      } catch (err) {
        failure = err ?? new Error('send failed');
      }
      // Marking happens outside the try: a database error after the gateway accepted must not count as a failed send.
      if (failure === undefined) {
        await markSmsSent(deps.db, row.id, ctx.now);
        ctx.log.info({ outboxSmsId: row.id }, 'SMS sent');
        return;
      }
      const error = describeSmsError(failure);
      await recordSmsFailure(deps.db, row.id, error, ctx.isLastAttempt);
      throw new JobError(error);
    },
    SMS_DELIVERY,
  );
}
