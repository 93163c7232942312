import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { registerMailDelivery } from '../platform/mail/outbox-delivery';
import { createMailTransport, type MailTransport } from '../platform/mail/smtp-transport';
import { inboxRoutes } from '../stand-ins/mail-catcher/inbox.routes';
import { startMailCatcher } from '../stand-ins/mail-catcher/mail-catcher';
import { caughtSmsList } from '../stand-ins/sms-sink/sms-inbox.routes';
import { cookieNames } from './session';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** What `mail.send` jobs send with, and where the built-in catcher listens (null when it is off). */
    mail: { transport: MailTransport | null; catcherPort: number | null };
  }
}

/**
 * E-mail: the SMTP transport and e-mail delivery as the `mail.send`
 * job kind on `app.jobs` (register the jobs plugin first), and in demo and test mode the
 * built-in SMTP catcher with its inbox.
 */
export const mailPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const { mail } = opts.config;
  const catcher = mail.catcherEnabled
    ? await startMailCatcher({ db: opts.db, port: mail.catcherPort, production: opts.config.production, log: app.log })
    : null;
  const transport = createMailTransport({ smtpUrl: mail.smtpUrl, catcherPort: catcher?.port });
  app.decorate('mail', { transport, catcherPort: catcher?.port ?? null });
  if (transport) registerMailDelivery(app.jobs, { db: opts.db, transport });
  else app.log.warn({}, 'no SMTP server configured and the mail catcher is off: e-mails wait in the outbox');
  app.addHook('onClose', async () => {
    transport?.close?.();
    await catcher?.close();
  });

  if (catcher) {
    const sessionCookie = cookieNames(opts.config.production).session;
    // The SMS sink's messages are shown beside the mail on the inbox page (plugins/sms.ts runs the sink).
    const smsList = opts.config.sms.sinkEnabled ? () => caughtSmsList(opts.db) : undefined;
    await app.register(inboxRoutes, { db: opts.db, policy: opts.config.session, sessionCookie, smsList });
  }
});
