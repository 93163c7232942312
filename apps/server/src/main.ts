// First: an older Node stops here with a clear message (runtime-check.ts).
import './runtime-check';
import path from 'node:path';
import { addDays, localDateAt } from '@prsp/contracts';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { hasData, seedDemo } from './db/seed/demo-seed';
import { seedDemoBookings } from './db/seed/booking-demo-seed';
import { DEMO_MESSAGE_CODE, seedDemoMessaging } from './db/seed/messaging-demo-seed';
import { seedDemoSurveys } from './db/seed/surveys-demo-seed';
import { STATISTICS_DEMO_DAYS_AGO, seedDemoStatistics } from './db/seed/statistics-demo-seed';
import { DEMO_GUEST, ensureDemoGuestAppointment } from './db/seed/guest-demo-seed';
import { buildApp } from './app';
import { createFieldCipher } from './platform/crypto/field-cipher';
import { watchRedis } from './platform/redis-watch';
import { createRedis } from './platform/redis/redis-client';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './db/seed/staff-demo-seed';
import { TEST_PERSONS } from './stand-ins/test-idp/test-persons';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
if (config.demoSeed && !(await hasData(database.db))) {
  await seedDemo(database.db, createFieldCipher(config.dataKey));
  // Bookings are relative to today, so they belong to the demo alone: tests make the appointments they need.
  await database.db.transaction((tx) => seedDemoBookings(tx));
  await database.db.transaction((tx) => seedDemoMessaging(tx));
  await database.db.transaction((tx) => seedDemoSurveys(tx));
  // Three known days for the statistics page, ending a week ago (the browser journey asks for the same days).
  await database.db.transaction((tx) =>
    seedDemoStatistics(tx, createFieldCipher(config.dataKey), addDays(localDateAt(new Date()), -STATISTICS_DEMO_DAYS_AGO)),
  );
}
// The guest way to try at once: a live group video appointment with the demo guest, made again on every start.
const demoGuestAppointment = config.demoSeed ? await database.db.transaction((tx) => ensureDemoGuestAppointment(tx)) : null;
const redis = config.redis ? createRedis(config.redis) : undefined;
const app = await buildApp({ config, database, redis });
app.log.info({ node: process.version }, `runtime: Node.js ${process.version}`);
if (redis) watchRedis(redis, app.log, 'shared');
// E-mail delivery, session purge, retention and whatever else runs later or on a schedule (docs/jobs.md).
app.jobs.start();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  // The runner finishes the jobs in hand while the database and the mail catcher still answer; what is still
  // queued waits in the jobs table for the next start (or another instance).
  await app.jobs.stop();
  // close() stops accepting, answers 503 to new requests on kept-alive sockets and waits for running ones.
  await app.close();
  await database.close();
  redis?.disconnect();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });

if (config.testIdpEnabled) {
  const lines = [
    '',
    `  PRSP is running at ${config.publicUrl}  (Node.js ${process.version}, database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    '',
    `  Patient portal   ${config.publicUrl}/`,
    '  Sign in with the built-in test identity provider; test persons:',
    ...TEST_PERSONS.map((p) => `    ${p.ssn}  ${p.givenName} ${p.familyName}  (${p.note})`),
    '',
    // Demo data only (the seed never runs in production, where the test identity provider is refused too).
    ...(config.demoSeed
      ? [
          `  Admin app        ${config.publicUrl}/admin   Expert app  ${config.publicUrl}/expert`,
          `  Staff demo logins (password ${DEMO_STAFF_PASSWORD}):`,
          ...DEMO_STAFF.map((s) => `    ${s.email.padEnd(26)}${s.role}`),
          '',
          '  Demo chat codes: PHYSIO2026 (valid), FUTURE2099, EXPIRED2020, USED0001',
          `  Demo message code: ${DEMO_MESSAGE_CODE} (the restricted category Fysioterapian jatkohoito)`,
          ...(demoGuestAppointment
            ? [`  Guest page       ${config.publicUrl}/guest/${demoGuestAppointment}   e-mail ${DEMO_GUEST.email}   PIN ${DEMO_GUEST.pin}`]
            : []),
          ...(config.mail.catcherEnabled ? [`  E-mail inbox     ${config.publicUrl}/dev/inbox`] : []),
          '',
        ]
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
