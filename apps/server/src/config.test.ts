import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { PRODUCTION_ENV } from './test/production-env';

const OWN_SECRET = PRODUCTION_ENV.DATA_KEY;

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('defaults give the embedded demo', () => {
  const config = loadConfig({});

  test('port 3000 on every interface, public URL from the port', () => {
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  test('PGlite under ./var: no database server, no Redis', () => {
    expect(config.dataDir).toBe('./var');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redis).toBeUndefined();
  });

  test('development mode with the built-in test provider as the issuer and demo data', () => {
    expect(config.env).toBe('development');
    expect(config.production).toBe(false);
    expect(config.testIdpEnabled).toBe(true);
    expect(config.demoSeed).toBe(true);
    expect(config.oidc.issuer).toBe('http://localhost:3000/test-idp/oidc');
  });

  test('sessions: 30 minutes idle, 12 hours absolute', () => {
    expect(config.session).toEqual({ idleSeconds: 30 * 60, absoluteSeconds: 12 * 60 * 60 });
  });

  test('jobs: an idle instance looks every second and runs four at once', () => {
    expect(config.jobs).toEqual({ pollIntervalMs: 1000, concurrency: 4 });
  });
});

describe('overrides', () => {
  test('PORT moves the public URL and the built-in issuer with it', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.oidc.issuer).toBe('http://localhost:8080/test-idp/oidc');
  });

  test('DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/srv/prsp' }).dataDir).toBe('/srv/prsp');
  });

  test('PUBLIC_URL wins over the port and loses its trailing slash', () => {
    const config = loadConfig({ PORT: '8080', PUBLIC_URL: 'https://portal.example.fi/' });
    expect(config.publicUrl).toBe('https://portal.example.fi');
    expect(config.oidc.issuer).toBe('https://portal.example.fi/test-idp/oidc');
  });

  test('an empty variable counts as unset (`PORT= npm start`)', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: '', PUBLIC_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./var');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  test('job runner', () => {
    expect(loadConfig({ JOBS_POLL_MS: '250', JOBS_CONCURRENCY: '1' }).jobs).toEqual({ pollIntervalMs: 250, concurrency: 1 });
  });

  test('session limits', () => {
    expect(loadConfig({ SESSION_IDLE_SECONDS: '2', SESSION_ABSOLUTE_SECONDS: '60' }).session).toEqual({
      idleSeconds: 2,
      absoluteSeconds: 60,
    });
  });

  test.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('TEST_IDP_ENABLED=%s outside production gives %s', (value, enabled) => {
    expect(loadConfig({ TEST_IDP_ENABLED: value }).testIdpEnabled).toBe(enabled);
  });
});

describe('invalid values are reported by name', () => {
  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['DATABASE_URL', 'not a url'],
    ['DATA_KEY', 'too-short'],
    ['TEST_IDP_ENABLED', 'yes'],
    ['SESSION_IDLE_SECONDS', '0'],
    ['JOBS_POLL_MS', '10'],
    ['JOBS_CONCURRENCY', '0'],
    ['JOBS_CONCURRENCY', '2.5'],
  ])('%s=%s', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toContain(`- ${name}:`);
  });

  test('several problems arrive in one error', () => {
    const err = configError({ PORT: 'abc', LOG_LEVEL: 'verbose' });
    expect(err.message).toContain('- PORT:');
    expect(err.message).toContain('- LOG_LEVEL:');
  });
});

describe('production', () => {
  test('with the demo defaults: one ConfigError naming every problem', () => {
    const err = configError({ NODE_ENV: 'production', TEST_IDP_ENABLED: 'true', DEMO_SEED: 'true' });
    const problems = err.message.split('\n').filter((line) => line.startsWith('  - '));
    expect(problems.map((line) => line.slice(4).split(':')[0]).sort()).toEqual(
      [
        'DATA_KEY',
        'DEMO_SEED',
        'OIDC_KEYS',
        'OIDC_ISSUER',
        'PUBLIC_URL',
        'TEST_IDP_ENABLED',
        'MANDATES_URL',
        'MANDATES_API_SECRET',
        'MANDATES_OAUTH_SECRET',
        'SMTP_URL',
      ].sort(),
    );
  });

  test('without TEST_IDP_ENABLED the stand-in is simply off, and only the secrets and URLs are missing', () => {
    const err = configError({ NODE_ENV: 'production' });
    for (const name of ['DATA_KEY', 'OIDC_KEYS', 'OIDC_ISSUER', 'PUBLIC_URL', 'MANDATES_URL', 'SMTP_URL'])
      expect(err.message).toContain(`- ${name}:`);
    expect(err.message).not.toContain('TEST_IDP_ENABLED');
    expect(err.message).not.toContain('DEMO_SEED');
  });

  test('a complete environment loads, with stand-ins and demo data off', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.production).toBe(true);
    expect(config.testIdpEnabled).toBe(false);
    expect(config.demoSeed).toBe(false);
    expect(config.publicUrl).toBe('https://portal.example.fi');
    expect(config.oidc).toMatchObject({ issuer: 'https://broker.example.fi/oidc', profile: 'ftn', authRequest: 'jar' });
    expect(config.oidc.keys.map((k) => k.kid)).toEqual(['demo-sig-1', 'demo-enc-1']);
  });

  test.each([
    ['TEST_IDP_ENABLED', 'true'],
    ['DEMO_SEED', '1'],
    ['DATA_KEY', 'demo-only-secret-change-me-in-production-0000'],
    ['PUBLIC_URL', 'http://portal.example.fi'],
    ['OIDC_ISSUER', 'http://broker.example.fi/oidc'],
    ['TEST_HTA_ENABLED', 'true'],
    ['HTA_CONNECTOR_URL', 'http://hta.example.fi/connector/'],
  ])('%s=%s is refused even when all else is right', (name, value) => {
    const err = configError({ ...PRODUCTION_ENV, [name]: value });
    expect(err.message).toContain(`- ${name}:`);
    expect(err.message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(1);
  });

  test('the error never repeats a secret it was given', () => {
    const err = configError({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://portal.example.fi' });
    expect(err.message).not.toContain(OWN_SECRET);
    expect(err.message).not.toContain('broker-given-secret');
  });
});

describe('identity broker (docs/identity.md)', () => {
  const FTN = ['http://ftn.ficora.fi/2017/loa2', 'http://ftn.ficora.fi/2017/loa3'];

  test('the FTN profile by default: a request object in the URL, both FTN levels asked and accepted, demo keys', () => {
    const { oidc } = loadConfig({});
    expect(oidc).toMatchObject({ profile: 'ftn', authRequest: 'jar', acrValues: FTN, acrAllowed: FTN });
    expect(oidc.keys.map((k) => [k.kid, k.use])).toEqual([
      ['demo-sig-1', 'sig'],
      ['demo-enc-1', 'enc'],
    ]);
  });

  test('PAR, the levels asked and the levels accepted are settings of their own', () => {
    const { oidc } = loadConfig({ OIDC_AUTH_REQUEST: 'par', OIDC_ACR_VALUES: `${FTN[1]}  `, OIDC_ACR_ALLOWED: FTN.join(' ') });
    expect(oidc).toMatchObject({ authRequest: 'par', acrValues: [FTN[1]], acrAllowed: FTN });
  });

  test('production under the FTN profile needs our own keys, from OIDC_KEYS or a file', () => {
    const { OIDC_KEYS: keys, ...withoutKeys } = PRODUCTION_ENV;
    expect(configError(withoutKeys).message).toMatch(/- OIDC_KEYS: set OIDC_KEYS or OIDC_KEYS_FILE/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'prsp-keys-')), 'keys.json');
    writeFileSync(file, keys);
    expect(loadConfig({ ...withoutKeys, OIDC_KEYS_FILE: file }).oidc.keys).toEqual(JSON.parse(keys).keys);
    expect(configError({ ...PRODUCTION_ENV, OIDC_KEYS_FILE: file }).message).toMatch(
      /OIDC_KEYS: set OIDC_KEYS or OIDC_KEYS_FILE, not both/,
    );
    expect(configError({ ...withoutKeys, OIDC_KEYS_FILE: `${file}.missing` }).message).toMatch(
      /OIDC_KEYS_FILE: cannot read a JSON JWK set/,
    );
  });

  test('a key set a broker would not take stops the start, saying why and never showing the key', () => {
    const set = JSON.parse(PRODUCTION_ENV.OIDC_KEYS) as { keys: { use: string; d?: string }[] };
    const onlySigning = JSON.stringify({ keys: set.keys.filter((k) => k.use === 'sig') });
    const err = configError({ ...PRODUCTION_ENV, OIDC_KEYS: onlySigning });
    expect(err.message).toMatch(/- OIDC_KEYS: at least one encryption key/);
    expect(err.message).not.toContain(set.keys[0]!.d!);
    expect(configError({ ...PRODUCTION_ENV, OIDC_KEYS: 'not json' }).message).toMatch(/- OIDC_KEYS: cannot read a JSON JWK set/);
    // A key cut short is not quoted back: JSON's own error would show part of the private key.
    const cut = configError({ ...PRODUCTION_ENV, OIDC_KEYS: '{"keys":[{"d":"private-part-of-the-key' }).message;
    expect(cut).toMatch(/- OIDC_KEYS: cannot read a JSON JWK set: not valid JSON/);
    expect(cut).not.toContain('private-part');
  });

  test("plain OpenID Connect (brokers outside Finland only) needs the broker's client secret in production instead", () => {
    const { OIDC_KEYS: _keys, ...withoutKeys } = PRODUCTION_ENV;
    expect(configError({ ...withoutKeys, OIDC_PROFILE: 'plain' }).message).toMatch(/- OIDC_CLIENT_SECRET: set the secret/);
    const plain = loadConfig({ ...withoutKeys, OIDC_PROFILE: 'plain', OIDC_CLIENT_SECRET: 'broker-given-secret' }).oidc;
    expect(plain.profile).toBe('plain');
    // No keys of the demo's in production: nothing to sign with, nothing to publish.
    expect(plain.keys).toEqual([]);
  });

  test('the scopes asked for: openid profile, or what a broker needs for the identity code, openid first', () => {
    expect(loadConfig({}).oidc.scope).toBe('openid profile');
    expect(loadConfig({ OIDC_SCOPE: 'openid profile nin' }).oidc.scope).toBe('openid profile nin');
    expect(configError({ OIDC_SCOPE: 'profile' }).message).toMatch(/- OIDC_SCOPE: space-separated scopes, openid first/);
  });
});

describe('self-assessment connector', () => {
  test('outside production the built-in self-assessment on our own origin, unless a connector is named', () => {
    expect(loadConfig({}).selfAssessment).toEqual({
      standInEnabled: true,
      connectorUrl: '/stand-ins/self-assessment/',
      externalOrigin: null,
    });
    expect(loadConfig({ TEST_HTA_ENABLED: 'false' }).selfAssessment.connectorUrl).toBeNull();
    expect(loadConfig({ HTA_CONNECTOR_URL: 'https://hta.example.fi/connector/' }).selfAssessment).toMatchObject({
      connectorUrl: 'https://hta.example.fi/connector/',
      externalOrigin: 'https://hta.example.fi',
    });
  });

  test('in production only the configured connector; without one, self-assessment is unavailable', () => {
    expect(loadConfig(PRODUCTION_ENV).selfAssessment).toEqual({ standInEnabled: false, connectorUrl: null, externalOrigin: null });
    expect(loadConfig({ ...PRODUCTION_ENV, HTA_CONNECTOR_URL: 'https://hta.example.fi/c' }).selfAssessment).toEqual({
      standInEnabled: false,
      connectorUrl: 'https://hta.example.fi/c',
      externalOrigin: 'https://hta.example.fi',
    });
  });

  test.each(['not a url', 'javascript:alert(1)', 'ftp://hta.example.fi/'])('HTA_CONNECTOR_URL=%s is refused', (value) => {
    expect(configError({ HTA_CONNECTOR_URL: value }).message).toContain('- HTA_CONNECTOR_URL:');
  });
});

describe('file store', () => {
  test('on disk under DATA_DIR by default; FILES_DIR moves it', () => {
    expect(loadConfig({}).files).toEqual({ dir: 'var/files', s3: undefined });
    expect(loadConfig({ DATA_DIR: '/srv/prsp' }).files.dir).toBe('/srv/prsp/files');
    expect(loadConfig({ DATA_DIR: '/srv/prsp', FILES_DIR: '/mnt/shared/files' }).files.dir).toBe('/mnt/shared/files');
  });

  test('S3 when a bucket is set, with its settings', () => {
    const config = loadConfig({
      S3_BUCKET: 'prsp-files',
      S3_ENDPOINT: 'https://s3.example.fi',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
    });
    expect(config.files.s3).toEqual({
      bucket: 'prsp-files',
      region: 'us-east-1',
      endpoint: 'https://s3.example.fi',
      forcePathStyle: true,
      accessKeyId: 'key-id',
      secretAccessKey: 'key-secret',
    });
    expect(loadConfig({ S3_BUCKET: 'prsp-files', S3_REGION: 'eu-north-1' }).files.s3).toMatchObject({
      region: 'eu-north-1',
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  test('an access key without its secret (or the other way round) is refused', () => {
    expect(configError({ S3_BUCKET: 'prsp-files', S3_ACCESS_KEY_ID: 'key-id' }).message).toContain('- S3_SECRET_ACCESS_KEY:');
    expect(configError({ S3_BUCKET: 'prsp-files', S3_SECRET_ACCESS_KEY: 'secret' }).message).toContain('- S3_ACCESS_KEY_ID:');
    expect(configError({ S3_ENDPOINT: 'not a url' }).message).toContain('- S3_ENDPOINT:');
  });
});

describe('Redis', () => {
  test('one server at REDIS_URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis://:pw@redis.internal:6379/2' }).redis).toEqual({
      kind: 'standalone',
      url: 'redis://:pw@redis.internal:6379/2',
    });
  });

  test('through Sentinel: the sentinels and the master name; user, password and database from REDIS_URL, its host unread', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      REDIS_SENTINELS: 'sentinel-1.internal:26379, 10.0.0.12:26380,[fd00::13]:26381,sentinel-4.internal',
      REDIS_SENTINEL_MASTER: 'prsp',
      REDIS_URL: 'redis://prsp-app:p%40ss@mymaster/2',
      REDIS_SENTINEL_PASSWORD: 'sentinels-own-password',
    });
    expect(config.redis).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 'sentinel-1.internal', port: 26379 },
        { host: '10.0.0.12', port: 26380 },
        { host: 'fd00::13', port: 26381 },
        { host: 'sentinel-4.internal', port: 26379 },
      ],
      masterName: 'prsp',
      username: 'prsp-app',
      password: 'p@ss',
      db: 2,
      sentinelPassword: 'sentinels-own-password',
    });
  });

  test('through Sentinel without REDIS_URL: master mymaster, no password, database 0', () => {
    expect(loadConfig({ REDIS_SENTINELS: 'sentinel-1.internal:26379' }).redis).toEqual({
      kind: 'sentinel',
      sentinels: [{ host: 'sentinel-1.internal', port: 26379 }],
      masterName: 'mymaster',
      username: undefined,
      password: undefined,
      db: 0,
      sentinelPassword: undefined,
    });
  });

  test.each([
    [{ REDIS_SENTINELS: 'sentinel-1:26379,sentinel-2:port' }, 'REDIS_SENTINELS', '"sentinel-2:port" is not host:port'],
    [{ REDIS_SENTINELS: 'sentinel-1:70000' }, 'REDIS_SENTINELS', '"sentinel-1:70000" is not host:port'],
    [{ REDIS_SENTINELS: 'redis://sentinel-1:26379' }, 'REDIS_SENTINELS', 'is not host:port'],
    [{ REDIS_SENTINELS: ' , ' }, 'REDIS_SENTINELS', 'at least one host:port'],
    [{ REDIS_SENTINELS: 's:26379', REDIS_SENTINEL_MASTER: 'my master' }, 'REDIS_SENTINEL_MASTER', 'no spaces'],
    [{ REDIS_SENTINELS: 's:26379', REDIS_URL: 'rediss://:pw@mymaster/2' }, 'REDIS_URL', 'TLS is not supported through Sentinel'],
    [{ REDIS_SENTINELS: 's:26379', REDIS_URL: 'redis://:pw@mymaster/two' }, 'REDIS_URL', 'the path is a database number'],
    [{ REDIS_SENTINEL_PASSWORD: 'pw' }, 'REDIS_SENTINEL_PASSWORD', 'only read with REDIS_SENTINELS'],
    [{ REDIS_URL: 'http://redis.internal:6379' }, 'REDIS_URL', ''],
  ])('%j is refused under %s', (env, name, message) => {
    const line = configError(env)
      .message.split('\n')
      .find((l) => l.startsWith(`  - ${name}: `));
    expect(line).toContain(message);
  });
});

describe('metrics token', () => {
  const TOKEN = 'b3f1c0de9a8e4f6d8c2b1a0f9e8d7c6b';

  test('unset by default, in production too (metrics are then off there)', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined });
    expect(loadConfig(PRODUCTION_ENV).metrics).toEqual({ token: undefined });
  });

  test('a token of 32 characters or more is taken, in production too', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metrics.token).toBe(TOKEN);
    expect(loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: TOKEN }).metrics.token).toBe(TOKEN);
  });

  test.each([
    ['too short', TOKEN.slice(1)],
    ['with a space', `${TOKEN.slice(0, 16)} ${TOKEN.slice(16)}`],
    ['with a non-ASCII letter', `${TOKEN}ä`],
  ])('%s is refused, without repeating it', (_what, value) => {
    const err = configError({ METRICS_TOKEN: value });
    expect(err.message).toContain('- METRICS_TOKEN:');
    expect(err.message).not.toContain(value);
  });

  test('the data key is refused as the token', () => {
    expect(configError({ ...PRODUCTION_ENV, METRICS_TOKEN: OWN_SECRET }).message).toContain('- METRICS_TOKEN: use a token of its own');
  });
});

describe('security.txt', () => {
  test("outside production the demo's contact; in production none unless one is set (then no security.txt)", () => {
    expect(loadConfig({}).securityTxt).toEqual({ contact: 'mailto:security@prsp.example', policyUrl: undefined });
    expect(loadConfig(PRODUCTION_ENV).securityTxt).toEqual({ contact: undefined, policyUrl: undefined });
  });

  test.each(['mailto:security@portal.example.fi', 'https://portal.example.fi/report-a-vulnerability'])(
    'a contact %s is taken, in production too, with a policy URL',
    (contact) => {
      const config = loadConfig({ ...PRODUCTION_ENV, SECURITY_CONTACT: contact, SECURITY_POLICY_URL: 'https://portal.example.fi/policy' });
      expect(config.securityTxt).toEqual({ contact, policyUrl: 'https://portal.example.fi/policy' });
    },
  );

  test.each([
    ['a bare address', 'security@portal.example.fi'],
    ['mailto: without an address', 'mailto:'],
    ['mailto: with something else', 'mailto:not-an-address'],
    ['plain http', 'http://portal.example.fi/report'],
    ['another scheme', 'ftp://portal.example.fi/report'],
  ])('%s is refused as the contact', (_what, value) => {
    expect(configError({ SECURITY_CONTACT: value }).message).toContain('- SECURITY_CONTACT: a mailto: address or an https: URL');
  });

  test('the policy must be an https URL', () => {
    expect(configError({ SECURITY_POLICY_URL: 'http://portal.example.fi/policy' }).message).toContain('- SECURITY_POLICY_URL:');
  });
});
