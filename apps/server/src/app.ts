import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import type { Database } from './db/client';
import { identityRoutes } from './modules/identity/identity.routes';
import { createOidcClient } from './modules/identity/oidc-client';
import { createFieldCipher } from './platform/crypto/field-cipher';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { healthRoutes } from './plugins/health';
import { securityPlugin } from './plugins/security';
import { cookieNames, sessionPlugin } from './plugins/session';
import { webAppRoutes } from './plugins/web-app';
import { testIdpPlugin } from './stand-ins/test-idp/test-idp';
import { createHash } from 'node:crypto';

export type AppDeps = { config: Config; database: Database; redis?: Redis };

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole service as one Fastify instance; `main.ts` listens with it, tests inject into it. */
export async function buildApp({ config, database, redis }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logger: {
      level: config.logLevel,
      // Never log what could identify a person or open a session.
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], id: req.id }),
      },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const names = cookieNames(config.production);
  const policy = config.session;
  const cipher = createFieldCipher(config.dataKey);
  const tokenKey = createHash('sha256').update(`stripped-token:${config.dataKey}`).digest();

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { production: config.production, redis });
  await app.register(sessionPlugin, { db: database.db, policy, names });
  await app.register(csrfPlugin, { names, production: config.production, publicOrigin: new URL(config.publicUrl).origin });

  await app.register(healthRoutes, { ping: database.ping });

  const redirectUri = `${config.publicUrl}/api/login/callback`;
  const oidc = createOidcClient({ ...config.oidc, redirectUri });
  await app.register(identityRoutes, {
    db: database.db,
    oidc,
    cipher,
    policy,
    tokenKey,
    names,
    production: config.production,
    publicUrl: config.publicUrl,
  });

  if (config.testIdpEnabled) {
    await app.register(testIdpPlugin, { ...config.oidc, redirectUri, cookieSecret: config.dataKey });
  }
  await app.register(webAppRoutes, { root: config.webDist ?? DEFAULT_WEB_DIST });
  return app;
}
