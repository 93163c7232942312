import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { actingModule } from './modules/acting/acting.module';
import { bookingModule } from './modules/booking/booking.module';
import { chatCodesModule } from './modules/chat-codes/chat-codes.module';
import { directoryModule } from './modules/directory/directory.module';
import { emailTemplatesModule } from './modules/email-templates/email-templates.module';
import { fhirModule } from './modules/fhir/fhir.module';
import { guestsModule } from './modules/guests/guests.module';
import { identityModule } from './modules/identity/identity.module';
import { messagingModule } from './modules/messaging/messaging.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { organisationsModule } from './modules/organisations/organisations.module';
import { patientsModule } from './modules/patients/patients.module';
import { chatModule } from './modules/chat/chat.module';
import { retentionModule } from './modules/retention/retention.module';
import { servicesModule } from './modules/services/services.module';
import { staffModule } from './modules/staff/staff.module';
import { statisticsModule } from './modules/statistics/statistics.module';
import { surveysModule } from './modules/surveys/surveys.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';
import { apiTokenKey } from './platform/access/api-client-access';
import type { AppModule, ModuleDeps } from './platform/app-module';
import { createFieldCipher } from './platform/crypto/field-cipher';
import { createEventHub } from './platform/events/event-hub';
import { createFileStore } from './platform/files/create-file-store';
import { createVirusScanner } from './platform/files/virus-scan';
import { serializeError } from './platform/log/error-serializer';
import { loggedPath } from './platform/log/logged-path';
import { REQUEST_ID_HEADER, requestIdGenerator } from './platform/log/request-id';
import { accessPlugin } from './plugins/access';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { healthRoutes } from './plugins/health';
import { jobsPlugin } from './plugins/jobs';
import { mailPlugin } from './plugins/mail';
import { metricsPlugin } from './plugins/metrics';
import { jsonBodyPlugin } from './plugins/json-body';
import { uploadAllowance } from './platform/files/upload-allowance';
import { openApiPlugin } from './plugins/openapi';
import { readModelsPlugin } from './plugins/read-models';
import { realtimePlugin } from './plugins/realtime';
import { securityPlugin } from './plugins/security';
import { securityTxtRoutes } from './plugins/security-txt';
import { cookieNames, sessionPlugin } from './plugins/session';
import { smsPlugin } from './plugins/sms';
import { tracingPlugin } from './plugins/tracing';
import { webAppRoutes } from './plugins/web-app';
import { serverPath } from './server-files';
import { selfAssessmentStandIn } from './stand-ins/self-assessment/self-assessment';
import { testIdpOptions, testIdpPlugin } from './stand-ins/test-idp/test-idp';
import { testMandatesPlugin } from './stand-ins/test-mandates/test-mandates';
import { KEEP_ALIVE_TIMEOUT_MS } from './keep-alive';

/**
 * The domain modules, lowest first: the order in which `eslint.config.js` lets them import each other's services
 * (docs/architecture.md 'Modules'). Each registers its own routes, socket events, job kinds and event subscribers.
 */
export const MODULES: readonly AppModule[] = [
  directoryModule,
  staffModule,
  organisationsModule,
  patientsModule,
  identityModule,
  actingModule,
  webhooksModule,
  notificationsModule,
  chatCodesModule,
  surveysModule,
  bookingModule,
  chatModule,
  messagingModule,
  guestsModule,
  servicesModule,
  fhirModule,
  retentionModule,
  emailTemplatesModule,
  statisticsModule,
];

export type AppDeps = {
  config: Config;
  database: Database;
  redis?: Redis;
  /** Where log lines go (stdout when unset); tests capture them. */
  logStream?: DestinationStream;
};

const DEFAULT_WEB_DIST = serverPath('../web/dist');

/** Builds the whole service as one Fastify instance; `main.ts` listens with it, tests inject into it. */
export async function buildApp({ config, database, redis, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request, its body included, has 2 minutes (a 10 MB upload on a slow mobile line fits); a slow trickle of a
    // body is cut earlier by the upload pace (multipart-reader.ts).
    requestTimeout: 120_000,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Every request's id is in each of its log lines (`reqId`) and in its answer's X-Request-Id (docs/operations.md).
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Never log what could identify a person or open a session.
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        req: (req) => ({ method: req.method, url: loggedPath(req.url), id: req.id }),
        // Database errors carry the statement's values (names, e-mail, identity codes): never logged.
        err: serializeError,
      },
    },
  });
  // The request line and headers must arrive within 20 seconds (Node's default is a minute).
  app.server.headersTimeout = 20_000;
  // Once closing (SIGTERM, a test's end), a connection that finishes its answer is not kept for the next request: the
  // close closes the idle ones when it begins, and one still answering then would otherwise hold it for the whole
  // keep-alive time (65 s).
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 100;
  });
  app.decorate('uploadPace', config.uploadPace);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks, so errors, refusals and 404s carry it too.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // OpenTelemetry, only when an OTLP endpoint is configured; before the other plugins so their hooks run in its context.
  await app.register(tracingPlugin, config.tracing);

  const names = cookieNames(config.production);
  const policy = config.session;
  const cipher = createFieldCipher(config.dataKey);
  // Uploaded files: FILES_DIR on disk, or S3-compatible storage when S3_BUCKET is set.
  const files = createFileStore(config.files);
  app.addHook('onClose', () => files.close());
  // Uploads are scanned by clamd before they are stored when CLAMD_URL is set (docs/messaging.md).
  app.decorate('virusScanner', createVirusScanner(config.virusScan));

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, {
    production: config.production,
    redis,
    connectSrc: [...new Set(config.video.janus.map((j) => new URL(j.publicUrl).origin))],
    // The health-assessment connector's page, when it is on an origin of its own (docs/self-assessment.md).
    frameSrc: config.selfAssessment.externalOrigin ? [config.selfAssessment.externalOrigin] : [],
    // The identity broker's end-session endpoint, which the logout posts to (the built-in provider is 'self').
    formAction: [new URL(config.oidc.issuer).origin],
  });
  app.decorate('takeUploads', uploadAllowance(app));
  // Patient config and services, sessions and patients' access state from memory, invalidated by the database's
  // notifications (docs/operations.md 'Read-model cache').
  await app.register(readModelsPlugin, { database, ttlSeconds: config.readModelCache.ttlSeconds });
  // Before any route: every /api/ route must declare its access and gets that access's loader (after its rate limit).
  await app.register(accessPlugin, { db: database.db, apiTokenKey: apiTokenKey(config.dataKey), cache: app.readModels });
  await app.register(openApiPlugin, { apiDocs: config.apiDocs, names });
  await app.register(sessionPlugin, { db: database.db, policy, names, cache: app.readModels });
  await app.register(csrfPlugin, { names, production: config.production, publicOrigin: new URL(config.publicUrl).origin });

  await app.register(realtimePlugin, {
    db: database.db,
    policy,
    names,
    publicOrigin: new URL(config.publicUrl).origin,
    redis,
    eventLimits: config.realtimeEventLimits,
    cache: app.readModels,
  });
  await app.register(healthRoutes, { ping: database.ping });
  // Where to report a vulnerability (RFC 9116), when a contact is configured.
  await app.register(securityTxtRoutes, { ...config.securityTxt, publicUrl: config.publicUrl });
  // Before the mail plugin, which registers e-mail delivery on `app.jobs`.
  await app.register(jobsPlugin, { config, db: database.db });
  // Before the modules: they queue e-mail and SMS, and the booking module's reminders need to know of a gateway.
  await app.register(mailPlugin, { config, db: database.db });
  await app.register(smsPlugin, { config, db: database.db });

  // The app's event hub (platform/events): modules emit on it and subscribe to it from their front doors.
  app.decorate('events', createEventHub({ db: database.db, runner: app.jobs }));
  const modules: ModuleDeps = { config, database, db: database.db, cipher, files, events: app.events, names };
  for (const module of MODULES) await app.register(module, modules);
  // Prometheus metrics at /metrics (docs/operations.md), after the realtime server whose sockets it counts.
  await app.register(metricsPlugin, { ...config.metrics, production: config.production, database });

  if (config.testIdpEnabled) {
    await app.register(testIdpPlugin, await testIdpOptions(config, database.db));
  }
  if (config.testMandatesEnabled) {
    // Its API paths name identity codes: no per-request log lines (warn and above only).
    await app.register(testMandatesPlugin, {
      ...config.mandates,
      redirectUri: `${config.publicUrl}/api/on-behalf/callback`,
      logLevel: 'warn',
    });
  }
  if (config.selfAssessment.standInEnabled) await app.register(selfAssessmentStandIn, { webRoot: config.webDist ?? DEFAULT_WEB_DIST });
  await app.register(webAppRoutes, { root: config.webDist ?? DEFAULT_WEB_DIST });
  return app;
}
