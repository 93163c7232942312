import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createHttpSmsGateway } from '../platform/sms/http-sms-gateway';
import { registerSmsDelivery } from '../platform/sms/sms-delivery';
import type { SmsGateway } from '../platform/sms/sms-gateway';
import { smsInboxRoutes } from '../stand-ins/sms-sink/sms-inbox.routes';
import { startSmsSink } from '../stand-ins/sms-sink/sms-sink';
import { cookieNames } from './session';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** What `sms.send` jobs send with (null: no gateway, no SMS), and the built-in sink's URL when it runs. */
    sms: { gateway: SmsGateway | null; sinkUrl: string | null };
  }
}

/**
 * SMS (docs/notifications.md): the HTTP SMS-gateway client (`SMS_GATEWAY_URL`, else the built-in sink outside
 * production) with SMS delivery as the `sms.send` job kind, and in demo and test mode the sink with its JSON list.
 * Register the jobs plugin first; the booking module registers its reminders after it.
 */
export const smsPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const { sms } = opts.config;
  const sink = sms.sinkEnabled
    ? await startSmsSink({ db: opts.db, apiKey: sms.apiKey, production: opts.config.production, log: app.log })
    : null;
  const url = sms.gatewayUrl ?? sink?.url;
  const gateway = url ? createHttpSmsGateway({ url, apiKey: sms.apiKey }) : null;
  app.decorate('sms', { gateway, sinkUrl: sink?.url ?? null });
  if (gateway) registerSmsDelivery(app.jobs, { db: opts.db, gateway, sender: sms.sender });
  else app.log.warn({}, 'no SMS gateway configured and the SMS sink is off: no SMS reminders are sent');
  app.addHook('onClose', async () => {
    await sink?.close();
  });

  if (sink) {
    const sessionCookie = cookieNames(opts.config.production).session;
    await app.register(smsInboxRoutes, { db: opts.db, policy: opts.config.session, sessionCookie });
  }
});
