import { timingSafeEqual } from 'node:crypto';
import type { PushSettings, PushSettingsUpdate, PushSubscribe } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { endpointAllowed } from './push-endpoints';
import * as repo from './push.repo';

export type PushServiceDeps = {
  db: Db;
  /** The VAPID public key browsers subscribe with; null when web push is off (production without keys). */
  publicKey: string | null;
  endpoints: { hosts: readonly string[]; standInOrigin: string | null };
};

/** The patient's switches and how many browsers they have subscribed. */
export async function pushSettingsOf(db: Db, patientId: string): Promise<PushSettings> {
  const [flags, subscriptions] = await Promise.all([repo.flagsOf(db, patientId), repo.countSubscriptions(db, patientId)]);
  return { ...flags, subscriptions };
}

/**
 * The patient consents on this browser: its subscription is kept so events can be pushed to it. The endpoint must be
 * a known push service's (the server will POST there); refused with a field error otherwise. Audited without the
 * endpoint (it identifies the device).
 */
/**
 * Whether a claim of someone else's endpoint comes from the browser that made it: only that browser has its key and
 * auth secret (made by `pushManager.subscribe`). Then the browser has changed hands (a shared computer) and goes to
 * whoever is at it now; anyone else naming the endpoint (a copied one) is refused, so nobody silently ends another
 * person's pushes.
 */
function sameBrowser(existing: { p256dh: string; auth: string }, keys: { p256dh: string; auth: string }): boolean {
  const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return equal(existing.p256dh, keys.p256dh) && equal(existing.auth, keys.auth);
}

export async function subscribe(deps: PushServiceDeps, patientId: string, body: PushSubscribe): Promise<PushSettings> {
  if (!deps.publicKey) throw new AppError(404, { detail: 'web push is off: no VAPID keys' });
  if (!endpointAllowed(body.endpoint, deps.endpoints)) throw new AppError(400, { fields: [{ field: 'endpoint', key: 'invalid' }] });
  await deps.db.transaction(async (tx) => {
    const existing = await repo.lockSubscriptionByEndpoint(tx, body.endpoint);
    if (existing && existing.patientId !== patientId && !sameBrowser(existing, body.keys))
      throw new AppError(400, { fields: [{ field: 'endpoint', key: 'invalid' }] });
    await repo.upsertSubscription(tx, patientId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
    await recordAudit(tx, {
      actorType: 'patient',
      actorId: patientId,
      action: 'push.subscribe',
      objectType: 'patient',
      objectId: patientId,
    });
  });
  return pushSettingsOf(deps.db, patientId);
}

/** Withdraws consent on a browser: its subscription is deleted. Only the patient's own: another's endpoint is a 404. */
export async function unsubscribe(db: Db, patientId: string, endpoint: string): Promise<PushSettings> {
  const removed = await db.transaction(async (tx) => {
    const gone = await repo.deleteOwnSubscription(tx, patientId, endpoint);
    if (gone)
      await recordAudit(tx, {
        actorType: 'patient',
        actorId: patientId,
        action: 'push.unsubscribe',
        objectType: 'patient',
        objectId: patientId,
      });
    return gone;
  });
  if (!removed) throw new AppError(404);
  return pushSettingsOf(db, patientId);
}

export async function saveSettings(db: Db, patientId: string, flags: PushSettingsUpdate, now = new Date()): Promise<PushSettings> {
  await repo.saveFlags(db, patientId, flags, now);
  return pushSettingsOf(db, patientId);
}
