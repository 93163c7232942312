/**
 * The built-in identity provider (apps/server/src/stand-ins/test-idp) alone, in a process of its own, for
 * bench:cluster: the instances then sign patients in at it as they would at a real broker (another host, another
 * origin), and the broker's CPU is not counted as the instances'. Started by cluster.bench.ts with the same
 * environment as the instances plus `PORT`.
 * The same process is the instances' mail relay (the built-in mail catcher on MAIL_CATCHER_PORT).
 * The provider is configured exactly as app.ts configures it inside an instance (same client, keys and profile), only with
 * its own address as the issuer (`OIDC_ISSUER`, which the instances are given too), and its sign-in state in memory.
 */
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { startMailCatcher } from '../apps/server/src/stand-ins/mail-catcher/mail-catcher';
import { testIdpOptions, testIdpPlugin } from '../apps/server/src/stand-ins/test-idp/test-idp';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl });
const app = Fastify({ logger: { level: 'warn' } });
// One provider process: its sign-in state in its own memory, as a real broker's is its own business; only its
// signing key and the names typed on its page are in the database.
await app.register(testIdpPlugin, { ...(await testIdpOptions(config, database.db)), store: 'memory' });
app.get('/readyz', async () => ({ status: 'ok' }));
// The instances' mail relay too (they send to it over SMTP, MAIL_CATCHER_PORT): receiving a message is not their work.
const mailCatcher = await startMailCatcher({ db: database.db, port: config.mail.catcherPort, production: false, log: app.log });

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => mailCatcher.close())
    .then(() => database.close())
    .finally(() => process.exit(0));
});
await app.listen({ host: '127.0.0.1', port: config.port });
