import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { actingRoutes } from './modules/acting/acting.routes';
import { createMandatesClient } from './modules/acting/mandates-client';
import { POST_LOGOUT_PATH } from './modules/identity/identity.service';
import { identityRoutes } from './modules/identity/identity.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { createOidcClient } from './modules/identity/oidc-client';
import { importRpKeys } from './modules/identity/rp-keys';
import { organisationsRoutes } from './modules/organisations/organisations.routes';
import { organisationsAdminRoutes } from './modules/organisations/organisations-admin.routes';
import { servicesAdminRoutes } from './modules/services/services-admin.routes';
import { expertsAdminRoutes } from './modules/staff/experts-admin.routes';
import { chatCodesAdminRoutes } from './modules/chat-codes/chat-codes-admin.routes';
import { categoriesAdminRoutes } from './modules/messaging/categories-admin.routes';
import { categoriesReadRoutes } from './modules/messaging/categories-read.routes';
import { messageCodesAdminRoutes } from './modules/messaging/message-codes-admin.routes';
import { messagingExpertsRoutes } from './modules/messaging/messaging-experts.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { patientChatCodeRoutes } from './modules/chat-codes/patient-chat-code.routes';
import { surveysRoutes } from './modules/surveys/surveys.routes';
import { surveyFrameRoutes } from './modules/surveys/survey-frame.routes';
import { surveyAdminRoutes } from './modules/surveys/survey-admin.routes';
import { surveyExpertRoutes } from './modules/surveys/survey-expert.routes';
import { createFieldCipher } from './platform/crypto/field-cipher';
import { createFileStore } from './platform/files/create-file-store';
import { createVirusScanner } from './platform/files/virus-scan';
import { serializeError } from './platform/log/error-serializer';
import { loggedPath } from './platform/log/logged-path';
import { REQUEST_ID_HEADER, requestIdGenerator } from './platform/log/request-id';
import { accessPlugin } from './plugins/access';
import { apiTokenKey } from './platform/access/api-client-access';
import { apiClientsAdminRoutes } from './modules/fhir/api-clients.routes';
import { fhirRoutes } from './modules/fhir/fhir.routes';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { healthRoutes } from './plugins/health';
import { jobsPlugin } from './plugins/jobs';
import { mailPlugin } from './plugins/mail';
import { metricsPlugin } from './plugins/metrics';
import { securityPlugin } from './plugins/security';
import { securityTxtRoutes } from './plugins/security-txt';
import { smsPlugin } from './plugins/sms';
import { pushPlugin } from './plugins/push';
import { cookieNames, sessionPlugin } from './plugins/session';
import { realtimePlugin } from './plugins/realtime';
import { readModelsPlugin } from './plugins/read-models';
import { webAppRoutes } from './plugins/web-app';
import { tracingPlugin } from './plugins/tracing';
import { testIdpPlugin } from './stand-ins/test-idp/test-idp';
import { testMandatesPlugin } from './stand-ins/test-mandates/test-mandates';
import { selfAssessmentStandIn } from './stand-ins/self-assessment/self-assessment';
import { createHash } from 'node:crypto';
import { patientBookingRoutes } from './modules/booking/patient-booking.routes';
import { adminBookingsRoutes } from './modules/booking/admin-bookings.routes';
import { expertBookingsRoutes } from './modules/booking/expert-bookings.routes';
import { feedbackResultsRoutes } from './modules/reception/feedback-results.routes';
import { chatRoutes } from './modules/reception/chat.routes';
import { expertChatRoutes } from './modules/reception/expert-chat.routes';
import { videoChannelHooks } from './modules/reception/video-hooks';
import { createVideoProvider } from './modules/reception/video-provider';
import { videoRoutes } from './modules/reception/video.routes';
import { guestsRoutes } from './modules/guests/guests.routes';
import { chatInviteRoutes } from './modules/reception/chat-invite.routes';
import { patientMessagingRoutes } from './modules/messaging/patient-messaging.routes';
import { expertMessagingRoutes } from './modules/messaging/expert-messaging.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks-admin.routes';
import { serverPath } from './server-files';

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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks, so errors, refusals and 404s carry it too.
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  // OpenTelemetry, only when an OTLP endpoint is configured; before the other plugins so their hooks run in its context.
  await app.register(tracingPlugin, config.tracing);

  const names = cookieNames(config.production);
  const policy = config.session;
  const cipher = createFieldCipher(config.dataKey);
  const tokenKey = createHash('sha256').update(`stripped-token:${config.dataKey}`).digest();
  // Uploaded files: FILES_DIR on disk, or S3-compatible storage when S3_BUCKET is set.
  const files = createFileStore(config.files);
  app.addHook('onClose', () => files.close());
  // Uploads are scanned by clamd before they are stored when CLAMD_URL is set (docs/messaging.md).
  app.decorate('virusScanner', createVirusScanner(config.virusScan));

  await app.register(errorsPlugin);
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
  // Patient config and services, sessions and patients' access state from memory, invalidated by the database's
  // notifications (docs/operations.md 'Read-model cache').
  await app.register(readModelsPlugin, { database, ttlSeconds: config.readModelCache.ttlSeconds });
  // Before any route: every /api/ route must declare its access and gets that access's loader (after its rate limit).
  await app.register(accessPlugin, { db: database.db, apiTokenKey: apiTokenKey(config.dataKey), cache: app.readModels });
  await app.register(openApiPlugin);
  await app.register(sessionPlugin, { db: database.db, policy, names, cache: app.readModels });
  await app.register(csrfPlugin, { names, production: config.production, publicOrigin: new URL(config.publicUrl).origin });

  await app.register(realtimePlugin, { db: database.db, policy, names, publicOrigin: new URL(config.publicUrl).origin, redis });
  await app.register(healthRoutes, { ping: database.ping });
  // Where to report a vulnerability (RFC 9116), when a contact is configured.
  await app.register(securityTxtRoutes, { ...config.securityTxt, publicUrl: config.publicUrl });
  // Before the mail plugin, which registers e-mail delivery on `app.jobs`.
  await app.register(jobsPlugin, { config, db: database.db, files });

  const redirectUri = `${config.publicUrl}/api/login/callback`;
  // None only under the plain profile in production (config.ts): then there is nothing to publish either.
  const rpKeys = config.oidc.keys.length > 0 ? await importRpKeys(config.oidc.keys) : null;
  const rpPublicJwks = rpKeys?.public ?? { keys: [] };
  const oidc = createOidcClient({ ...config.oidc, keys: rpKeys, redirectUri });
  await app.register(identityRoutes, {
    db: database.db,
    oidc,
    cipher,
    policy,
    tokenKey,
    names,
    production: config.production,
    publicUrl: config.publicUrl,
    publicJwks: rpPublicJwks,
  });
  await app.register(staffRoutes, { db: database.db, policy, names, production: config.production, publicUrl: config.publicUrl });
  await app.register(organisationsRoutes, {
    db: database.db,
    cipher,
    files,
    connectorUrl: config.selfAssessment.connectorUrl,
    readModels: app.readModels,
  });
  await app.register(organisationsAdminRoutes, { db: database.db, cipher, files });
  await app.register(servicesAdminRoutes, { db: database.db });
  await app.register(expertsAdminRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(chatCodesAdminRoutes, { db: database.db });
  // Async messaging: categories, who handles messages, message codes (the conversations register their own routes).
  await app.register(categoriesAdminRoutes, { db: database.db });
  await app.register(categoriesReadRoutes, { db: database.db });
  await app.register(messagingExpertsRoutes, { db: database.db });
  await app.register(messageCodesAdminRoutes, { db: database.db });
  await app.register(patientsRoutes, { db: database.db, cipher });
  await app.register(directoryRoutes, { db: database.db });
  await app.register(servicesRoutes, { db: database.db, readModels: app.readModels });
  await app.register(patientChatCodeRoutes, { db: database.db });
  await app.register(surveysRoutes, { db: database.db });
  await app.register(surveyFrameRoutes, { db: database.db, names, production: config.production, publicUrl: config.publicUrl });
  await app.register(surveyAdminRoutes, { db: database.db });
  await app.register(surveyExpertRoutes, { db: database.db, cipher, publicUrl: config.publicUrl, production: config.production });
  await app.register(patientBookingRoutes, { db: database.db });
  await app.register(adminBookingsRoutes, { db: database.db, cipher });
  await app.register(expertBookingsRoutes, { db: database.db, cipher });
  await app.register(feedbackResultsRoutes, { db: database.db });
  // Video (docs/video.md): the media path the configuration chose, and what a channel's life means for its call.
  const video = createVideoProvider(config.video, { db: database.db, cipher, log: app.log });
  const hooks = videoChannelHooks({ io: app.realtime, db: database.db, provider: video, log: app.log });
  await app.register(chatRoutes, { db: database.db, cipher, files, fileLinkSecret: config.dataKey, hooks });
  await app.register(expertChatRoutes, { db: database.db, cipher, hooks });
  await app.register(videoRoutes, { db: database.db, provider: video, ice: config.video });
  await app.register(guestsRoutes, { db: database.db });
  await app.register(chatInviteRoutes, { db: database.db, cipher });
  // Async messaging's conversations (docs/messaging.md).
  await app.register(patientMessagingRoutes, { db: database.db, cipher, files, publicUrl: config.publicUrl });
  await app.register(expertMessagingRoutes, { db: database.db, cipher, files, publicUrl: config.publicUrl });
  // The read-only FHIR R4 API for integrations and its API clients (docs/fhir.md).
  await app.register(apiClientsAdminRoutes, { db: database.db });
  await app.register(fhirRoutes, {
    prefix: '/fhir',
    db: database.db,
    cipher,
    apiTokenKey: apiTokenKey(config.dataKey),
    publicUrl: config.publicUrl,
  });
  // Webhooks to the organisation's integrations (docs/webhooks.md): endpoints, deliveries, and the delivery job.
  await app.register(webhooksRoutes, { db: database.db, cipher, production: config.production });

  const mandates = createMandatesClient(config.mandates);
  await app.register(actingRoutes, {
    db: database.db,
    cipher,
    mandates,
    names,
    production: config.production,
    publicUrl: config.publicUrl,
  });
  await app.register(mailPlugin, { config, db: database.db });
  await app.register(smsPlugin, { config, db: database.db });
  // Web push to patients' browsers (docs/notifications.md 'Web push'), with the built-in push service outside production.
  await app.register(pushPlugin, { config, db: database.db });
  // Prometheus metrics at /metrics (docs/operations.md), after the realtime server whose sockets it counts.
  await app.register(metricsPlugin, { ...config.metrics, production: config.production, database });

  if (config.testIdpEnabled) {
    await app.register(testIdpPlugin, {
      ...config.oidc,
      rpJwks: rpPublicJwks,
      db: database.db,
      redirectUri,
      postLogoutRedirectUri: `${config.publicUrl}${POST_LOGOUT_PATH}`,
      cookieSecret: config.dataKey,
    });
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
