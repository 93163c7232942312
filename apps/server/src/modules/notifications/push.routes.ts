import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZPushPublicKey, ZPushSettings, ZPushSettingsUpdate, ZPushSubscribe, ZPushUnsubscribe } from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { patientContextOf } from '../../plugins/access';
import * as push from './push.service';

/**
 * Web push for patients (docs/notifications.md 'Web push'): the key to subscribe with, this browser's consent and its
 * withdrawal, and which events to push. Consent belongs to the person at the device: while acting on someone's behalf
 * these still concern the signed-in person's own subscriptions and settings, never the principal's.
 */
export async function pushRoutes(fastify: FastifyInstance, opts: push.PushServiceDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const patient = { access: { kind: 'patient' } } as const;
  const me = (req: Parameters<typeof patientContextOf>[0]) => patientContextOf(req).signedInPatientId;

  // Public, as a VAPID public key is: it is sent to every browser that subscribes. Null says push is off.
  app.get(
    '/api/push/public-key',
    {
      config: { access: { kind: 'anyone' } },
      schema: { summary: 'Get the push service’s public key', response: { 200: okEnvelope(ZPushPublicKey) } },
    },
    async () => ok({ publicKey: opts.publicKey }),
  );
  app.post(
    '/api/push/subscriptions',
    {
      config: patient,
      schema: {
        summary: 'Subscribe the patient’s browser to push notifications',
        body: ZPushSubscribe,
        response: { 200: okEnvelope(ZPushSettings) },
      },
    },
    async (req) => ok(await push.subscribe(opts, me(req), req.body)),
  );
  app.delete(
    '/api/push/subscriptions',
    {
      config: patient,
      schema: {
        summary: 'Unsubscribe the patient’s browser from push notifications',
        body: ZPushUnsubscribe,
        response: { 200: okEnvelope(ZPushSettings) },
      },
    },
    async (req) => ok(await push.unsubscribe(db, me(req), req.body.endpoint)),
  );
  app.get(
    '/api/push/settings',
    { config: patient, schema: { summary: 'Get the patient’s push notification settings', response: { 200: okEnvelope(ZPushSettings) } } },
    async (req) => ok(await push.pushSettingsOf(db, me(req))),
  );
  app.put(
    '/api/push/settings',
    {
      config: patient,
      schema: {
        summary: 'Save the patient’s push notification settings',
        body: ZPushSettingsUpdate,
        response: { 200: okEnvelope(ZPushSettings) },
      },
    },
    async (req) => ok(await push.saveSettings(db, me(req), req.body)),
  );
}
