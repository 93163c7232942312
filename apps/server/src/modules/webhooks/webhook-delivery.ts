import type { Db } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { JobError } from '../../platform/jobs/job-error';
import type { JobRunner } from '../../platform/jobs/runner';
import type { AddressPolicy } from './webhook-address';
import './webhook-events';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-sender';
import { signWebhook } from './webhook-signature';
import * as repo from './webhooks.repo';

/**
 * Waits between attempts: 30 s doubling, at most 6 hours. With 12 attempts a delivery is tried for about 14.5 hours
 * (0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256 and 360 minutes) before it is marked failed (docs/webhooks.md).
 */
export const WEBHOOK_BACKOFF = { baseMs: 30_000, maxMs: 6 * 3_600_000 };

export type WebhookDeliveryDeps = {
  db: Db;
  cipher: FieldCipher;
  policy: AddressPolicy;
  /** The wall clock the `webhook-timestamp` header is read from (the receiver compares it with its own). */
  clock?: () => Date;
};

/**
 * `webhooks.deliver`: sends one delivery, signed afresh for each attempt (a new `webhook-timestamp`, the same
 * `webhook-id` and body), and records the attempt on its row. A failure throws, so the runner retries with
 * WEBHOOK_BACKOFF; the last one marks the row failed. A receiver answering 410 Gone has asked for no more: the
 * delivery fails at once and the endpoint is switched off (the Standard Webhooks spec). Idempotent: a delivery no
 * longer pending, or whose endpoint was deleted, is left alone.
 */
export function registerWebhookDelivery(runner: JobRunner, deps: WebhookDeliveryDeps): void {
  const clock = deps.clock ?? (() => new Date());
  runner.register(
    'webhooks.deliver',
    async ({ deliveryId }, ctx) => {
      const found = await repo.deliveryToSend(deps.db, deliveryId);
      if (!found || found.delivery.state !== 'pending') return;
      const attempts = found.delivery.attempts + 1;
      if (!found.active) {
        await repo.recordAttempt(deps.db, deliveryId, {
          attempts: found.delivery.attempts,
          lastStatusCode: found.delivery.lastStatusCode,
          lastError: 'the endpoint was switched off',
          state: 'failed',
        });
        return;
      }
      const body = JSON.stringify(found.delivery.payload);
      const id = String(found.delivery.payload.id);
      const timestamp = Math.floor(clock().getTime() / 1000);
      const signature = signWebhook(deps.cipher.decrypt(found.secretEncrypted), id, timestamp, body);
      const result = await postWebhook(
        found.url,
        body,
        {
          'user-agent': 'prsp-webhooks/1',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature,
        },
        deps.policy,
      );
      if (result.ok) {
        await repo.recordAttempt(deps.db, deliveryId, {
          attempts,
          lastStatusCode: result.status,
          lastError: null,
          state: 'delivered',
          deliveredAt: clock(),
        });
        return;
      }
      const gone = result.status === 410;
      await deps.db.transaction(async (tx) => {
        await repo.recordAttempt(tx, deliveryId, {
          attempts,
          lastStatusCode: result.status,
          lastError: result.error,
          ...(gone || ctx.isLastAttempt ? { state: 'failed' as const } : {}),
        });
        if (gone) await repo.deactivateEndpoint(tx, found.delivery.endpointId);
      });
      if (gone) return;
      // The reason names the status or the network error only, never the payload.
      throw new JobError(result.status === null ? result.error : `receiver answered ${result.status}`);
    },
    // Longer than one attempt can take, so a slow receiver's attempt is never taken over by another runner.
    { backoff: WEBHOOK_BACKOFF, leaseMs: WEBHOOK_TIMEOUT_MS * 6 },
  );
}
