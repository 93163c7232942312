import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SELF_ASSESSMENT_STAND_IN_PATH, VIDEO_LIMITS, VIDEO_PROVIDERS } from '@prsp/contracts';
import { demoRpKeySet, rpKeySetProblem, type RpJwk } from './modules/identity/rp-keys';

const DEMO_SECRET = 'demo-only-secret-change-me-in-production-0000';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A comma-separated list of URLs with one of `protocols` (Janus's WebSocket addresses). */
const urlList = (protocols: string[]) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().refine((u) => protocols.includes(new URL(u).protocol), `must start with ${protocols.join(' or ')}//`)).min(1));

/** A comma-separated list of STUN/TURN URIs (RFC 7064/7065: `turn:host:port?transport=udp`, no `//`). */
const iceUrlList = (schemes: string[]) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[a-z]+:[^\s/?#][^\s]*$/, 'e.g. turn:turn.example:3478?transport=udp')
            .refine((u) => schemes.includes(`${u.split(':')[0]}:`), `must start with ${schemes.join(' or ')}`),
        )
        .min(1),
    );

/** Sentinel's own port, when an address names none. */
const SENTINEL_PORT = 26379;

/** One `host:port` (`[v6]:port` for an IPv6 address; no port: Sentinel's 26379). */
function sentinelAddress(entry: string, ctx: z.RefinementCtx): { host: string; port: number } | null {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:[\]/]+))(?::(\d{1,5}))?$/.exec(entry);
  const port = m?.[3] === undefined ? SENTINEL_PORT : Number(m[3]);
  if (!m || port < 1 || port > 65535) {
    ctx.addIssue({ code: 'custom', message: `"${entry}" is not host:port, e.g. sentinel-1.internal:26379` });
    return null;
  }
  return { host: m[1] ?? m[2]!, port };
}

/** A comma-separated list of Sentinel addresses. */
const sentinelList = z.string().transform((v, ctx) => {
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) ctx.addIssue({ code: 'custom', message: 'give at least one host:port' });
  const addresses = entries.map((e) => sentinelAddress(e, ctx));
  return addresses.every((a) => a !== null) ? addresses : z.NEVER;
});

/** A security.txt `Contact:` (RFC 9116): `mailto:` and an e-mail address, or an https web address. */
function isSecurityContact(value: string): boolean {
  if (value.startsWith('mailto:')) return z.email().safeParse(value.slice('mailto:'.length)).success;
  return z.url({ protocol: /^https$/ }).safeParse(value).success;
}

/** Traficom's FTN levels of assurance: substantial (loa2) and high (loa3); either is asked and accepted by default. */
const FTN_ACR_VALUES = 'http://ftn.ficora.fi/2017/loa2 http://ftn.ficora.fi/2017/loa3';

/** A space-separated list (OAuth's own separator for `acr_values` and scopes). */
const spaceList = z
  .string()
  .transform((v) => v.split(/\s+/).filter(Boolean))
  .pipe(z.array(z.string()).min(1));

/**
 * The relying party's private JWK set, given as the JSON itself (OIDC_KEYS) or as a path to it (OIDC_KEYS_FILE): read
 * and parsed once, here; what it holds is checked with the other settings below.
 */
const jwkSetJson = (read: (value: string) => string) =>
  z.string().transform((value, ctx) => {
    let text: string;
    try {
      text = read(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `cannot read a JSON JWK set: ${(err as Error).message}` });
      return z.NEVER;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not the parser's message: it quotes the text, which is private key material.
      ctx.addIssue({ code: 'custom', message: 'cannot read a JSON JWK set: not valid JSON' });
      return z.NEVER;
    }
  });

/** The demo's security contact; in production the operator names their own, or the service has no security.txt. */
const DEMO_SECURITY_CONTACT = 'mailto:security@prsp.example';

/** The demo's VAPID contact (RFC 8292 `sub`); production names its own when it pushes. */
const DEMO_VAPID_SUBJECT = 'mailto:push@prsp.example';

/** Push services of the browsers in use (Chrome/Edge via FCM, Firefox, Safari, Edge's WNS); PUSH_ENDPOINT_HOSTS replaces the list. */
const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./var'),
    DATABASE_URL: z.url().optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    // Redis through Sentinel (docs/deployment.md 'Redis'): the sentinels' addresses and the master's name there.
    REDIS_SENTINELS: sentinelList.optional(),
    REDIS_SENTINEL_MASTER: z.string().regex(/^\S+$/, 'the name in `sentinel monitor <name> …`, no spaces').default('mymaster'),
    REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    API_DOCS: z.enum(['public', 'staff', 'off']).optional(),
    UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(1024),
    UPLOAD_GRACE_SECONDS: z.coerce.number().int().min(1).default(10),
    REALTIME_EVENT_LIMITS: bool.default(true),
    DATA_KEY: z.string().min(32).default(DEMO_SECRET),
    SESSION_IDLE_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 60),
    SESSION_ABSOLUTE_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(12 * 60 * 60),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).default('prsp-demo'),
    OIDC_CLIENT_SECRET: z.string().min(1).default(DEMO_SECRET),
    OIDC_SSN_CLAIM: z.string().min(1).default('hetu'),
    OIDC_SCOPE: z
      .string()
      .regex(/^openid( \S+)*$/, 'space-separated scopes, openid first')
      .default('openid profile'),
    // docs/identity.md: the FTN OpenID Connect profile (Traficom 213/2023 S) unless a broker outside Finland needs plain OIDC.
    OIDC_PROFILE: z.enum(['ftn', 'plain']).default('ftn'),
    OIDC_AUTH_REQUEST: z.enum(['jar', 'par']).default('jar'),
    OIDC_ACR_VALUES: spaceList.default(FTN_ACR_VALUES.split(' ')),
    OIDC_ACR_ALLOWED: spaceList.optional(),
    OIDC_KEYS: jwkSetJson((json) => json).optional(),
    OIDC_KEYS_FILE: jwkSetJson((path) => readFileSync(path, 'utf8')).optional(),
    TEST_IDP_ENABLED: bool.optional(),
    MANDATES_URL: z.url().optional(),
    MANDATES_CLIENT_ID: z.string().min(1).default('prsp-demo'),
    MANDATES_API_SECRET: z.string().min(16).default(DEMO_SECRET),
    MANDATES_OAUTH_SECRET: z.string().min(16).default(DEMO_SECRET),
    TEST_MANDATES_ENABLED: bool.optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM_NAME: z.string().min(1).default('PRSP'),
    MAIL_FROM_ADDRESS: z.email().default('no-reply@prsp.example'),
    MAIL_CATCHER_ENABLED: bool.optional(),
    MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
    // SMS: an HTTP gateway (docs/notifications.md), else the built-in sink outside production.
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_API_KEY: z.string().min(16).default(DEMO_SECRET),
    // An alphanumeric sender (at most 11 letters and digits) or a number in international form.
    SMS_SENDER: z
      .string()
      .regex(/^([A-Za-z0-9]{1,11}|\+[1-9][0-9]{6,14})$/, 'at most 11 letters and digits, or a number such as +358401234567')
      .default('PRSP'),
    SMS_SINK_ENABLED: bool.optional(),
    JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    DEMO_SEED: bool.optional(),
    WEB_DIST: z.string().optional(),
    // File store: a directory by default; S3-compatible storage when S3_BUCKET is set.
    FILES_DIR: z.string().optional(),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Video (docs/video.md): mesh by default; Janus instances for large groups or for all calls; STUN/TURN servers.
    VIDEO_PROVIDER: z.enum(VIDEO_PROVIDERS).default('mesh'),
    JANUS_URL: urlList(['ws:', 'wss:']).optional(),
    JANUS_PUBLIC_URL: urlList(['ws:', 'wss:']).optional(),
    JANUS_ADMIN_KEY: z.string().min(16).optional(),
    STUN_URLS: iceUrlList(['stun:', 'stuns:']).optional(),
    TURN_URLS: iceUrlList(['turn:', 'turns:']).optional(),
    TURN_SECRET: z.string().min(16).default(DEMO_SECRET),
    TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(VIDEO_LIMITS.turnTtlSeconds),
    VIDEO_ICE_POLICY: z.enum(['all', 'relay']).default('all'),
    // Virus scanning of uploads (docs/messaging.md): clamd's address; unset, uploads are not scanned.
    CLAMD_URL: z
      .url()
      .refine(
        (u) => /^tcp:\/\/[^/]+:\d+\/?$/.test(u) || /^unix:\/\/\/./.test(u),
        'e.g. tcp://127.0.0.1:3310 or unix:///run/clamav/clamd.ctl',
      )
      .optional(),
    CLAMD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    // Self-assessment before a chat (docs/self-assessment.md): the connector page's address, else the built-in one.
    HTA_CONNECTOR_URL: z.url({ protocol: /^https?$/ }).optional(),
    TEST_HTA_ENABLED: bool.optional(),
    // security.txt (RFC 9116) at /.well-known/security.txt (docs/security.md): where to report a vulnerability.
    SECURITY_CONTACT: z
      .string()
      .refine(isSecurityContact, 'a mailto: address or an https: URL, e.g. mailto:security@example.fi')
      .optional(),
    SECURITY_POLICY_URL: z.url({ protocol: /^https$/ }).optional(),
    // Read-model cache (docs/operations.md 'Read-model cache'): how long an entry may live at most; 0 turns it off.
    READ_MODEL_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    // Prometheus metrics at /metrics (docs/operations.md): scrapers send it as `Authorization: Bearer <token>`.
    METRICS_TOKEN: z
      .string()
      .min(32)
      .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces, e.g. from `openssl rand -hex 32`')
      .optional(),
    // OpenTelemetry tracing (docs/operations.md 'Tracing'): the standard OTLP variables; unset, no tracing at all.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default('prsp'),
    // Web push (docs/notifications.md 'Web push'): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys`
    // prints it) and who to contact; unset outside production, a pair is generated and kept in DATA_DIR.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key in base64url (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key in base64url (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .refine((v) => /^mailto:[^@\s]+@[^@\s]+$/.test(v) || /^https:\/\/\S+$/.test(v), 'a mailto: address or an https: URL')
      .default(DEMO_VAPID_SUBJECT),
    PUSH_ENDPOINT_HOSTS: z.string().optional(),
    PUSH_SERVICE_STAND_IN_ENABLED: bool.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    const demoOnly = [
      ['TEST_IDP_ENABLED', env.TEST_IDP_ENABLED === true, 'the built-in test identity provider is refused in production'],
      ['DEMO_SEED', env.DEMO_SEED === true, 'demo data is refused in production'],
      ['TEST_MANDATES_ENABLED', env.TEST_MANDATES_ENABLED === true, 'the built-in test mandate service is refused in production'],
      ['MAIL_CATCHER_ENABLED', env.MAIL_CATCHER_ENABLED === true, 'the built-in mail catcher is refused in production'],
      ['SMS_SINK_ENABLED', env.SMS_SINK_ENABLED === true, 'the built-in SMS sink is refused in production'],
      ['PUSH_SERVICE_STAND_IN_ENABLED', env.PUSH_SERVICE_STAND_IN_ENABLED === true, 'the built-in push service is refused in production'],
      [
        'VAPID_SUBJECT',
        env.VAPID_PUBLIC_KEY !== undefined && env.VAPID_SUBJECT === DEMO_VAPID_SUBJECT,
        'set your own contact for the push services',
      ],
      ['TEST_HTA_ENABLED', env.TEST_HTA_ENABLED === true, 'the built-in self-assessment is refused in production'],
      ['HTA_CONNECTOR_URL', env.HTA_CONNECTOR_URL?.startsWith('http:') === true, 'the connector must be an https URL'],
      ['SMS_API_KEY', env.SMS_GATEWAY_URL !== undefined && env.SMS_API_KEY === DEMO_SECRET, 'set the API key the SMS gateway gave'],
      ['SMS_GATEWAY_URL', env.SMS_GATEWAY_URL?.startsWith('http:') === true, 'the SMS gateway must be an https URL'],
      ['MANDATES_URL', env.MANDATES_URL === undefined, 'set the mandate service URL'],
      ['MANDATES_API_SECRET', env.MANDATES_API_SECRET === DEMO_SECRET, 'set the secret the mandate service gave'],
      ['MANDATES_OAUTH_SECRET', env.MANDATES_OAUTH_SECRET === DEMO_SECRET, 'set the OAuth secret the mandate service gave'],
      ['SMTP_URL', env.SMTP_URL === undefined, 'set the SMTP server URL'],
      ['DATA_KEY', env.DATA_KEY === DEMO_SECRET, 'set a secret of your own'],
      [
        'OIDC_CLIENT_SECRET',
        env.OIDC_PROFILE === 'plain' && env.OIDC_CLIENT_SECRET === DEMO_SECRET,
        'set the secret your identity broker gave',
      ],
      [
        'OIDC_KEYS',
        env.OIDC_PROFILE === 'ftn' && env.OIDC_KEYS === undefined && env.OIDC_KEYS_FILE === undefined,
        'set OIDC_KEYS or OIDC_KEYS_FILE: your signing and encryption keys (docs/identity.md)',
      ],
      ['OIDC_ISSUER', env.OIDC_ISSUER === undefined, 'set the identity broker issuer URL'],
      // The OIDC client allows plain http only for the built-in provider; the broker must be https.
      ['OIDC_ISSUER', env.OIDC_ISSUER?.startsWith('http:') === true, 'the identity broker issuer must be an https URL'],
      ['TURN_SECRET', env.TURN_URLS !== undefined && env.TURN_SECRET === DEMO_SECRET, "set coturn's static-auth-secret"],
      ['PUBLIC_URL', env.PUBLIC_URL === undefined, 'set the public https URL of the service'],
      // Secure and __Host- cookies are only sent over https.
      ['PUBLIC_URL', env.PUBLIC_URL?.startsWith('http:') === true, 'the public URL must be an https URL'],
    ] as const;
    for (const [path, bad, message] of demoOnly) if (bad) ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .superRefine((env, ctx) => {
    if (env.VIDEO_PROVIDER === 'janus' && env.JANUS_URL === undefined)
      ctx.addIssue({ code: 'custom', path: ['JANUS_URL'], message: 'VIDEO_PROVIDER=janus needs JANUS_URL' });
    if (env.JANUS_PUBLIC_URL && env.JANUS_PUBLIC_URL.length !== (env.JANUS_URL?.length ?? 0))
      ctx.addIssue({ code: 'custom', path: ['JANUS_PUBLIC_URL'], message: 'give one public address per JANUS_URL, in the same order' });
    if (env.VIDEO_ICE_POLICY === 'relay' && env.TURN_URLS === undefined)
      ctx.addIssue({ code: 'custom', path: ['VIDEO_ICE_POLICY'], message: 'VIDEO_ICE_POLICY=relay needs TURN_URLS' });
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_KEYS !== undefined && env.OIDC_KEYS_FILE !== undefined)
      ctx.addIssue({ code: 'custom', path: ['OIDC_KEYS'], message: 'set OIDC_KEYS or OIDC_KEYS_FILE, not both' });
    const keys = env.OIDC_KEYS ?? env.OIDC_KEYS_FILE;
    const problem = keys === undefined ? null : rpKeySetProblem(keys);
    if (problem) ctx.addIssue({ code: 'custom', path: [env.OIDC_KEYS !== undefined ? 'OIDC_KEYS' : 'OIDC_KEYS_FILE'], message: problem });
  })
  .superRefine((env, ctx) => {
    if (env.REDIS_SENTINELS === undefined) {
      if (env.REDIS_SENTINEL_PASSWORD !== undefined)
        ctx.addIssue({ code: 'custom', path: ['REDIS_SENTINEL_PASSWORD'], message: 'only read with REDIS_SENTINELS' });
      return;
    }
    const url = env.REDIS_URL ? new URL(env.REDIS_URL) : undefined;
    if (url?.protocol === 'rediss:')
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'TLS is not supported through Sentinel: use redis://' });
    if (url && !/^\/?\d*$/.test(url.pathname))
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'the path is a database number, e.g. redis://:password@mymaster/2' });
  })
  .superRefine((env, ctx) => {
    // Prometheus's configuration is read by more people than the server's: the data key must not travel with it.
    if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN === env.DATA_KEY)
      ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'use a token of its own, not DATA_KEY' });
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither' });
    }
    // Keys come in pairs; without both the SDK's own chain (AWS_* variables, instance role) is used.
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither' });
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ZEnv>) {
  const production = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const testIdpEnabled = env.TEST_IDP_ENABLED ?? !production;
  return {
    env: env.NODE_ENV,
    production,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    /** Redis (platform/redis/redis-client.ts): none, one server at a URL, or the master a set of sentinels names. */
    redis: redisOf(env),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    /** Who gets the OpenAPI document at /api/docs: anyone, signed-in staff only (production's default), or nobody. */
    apiDocs: env.API_DOCS ?? (production ? 'staff' : 'public'),
    /** How slowly an upload may come before its connection is cut (platform/files/multipart-reader.ts). */
    uploadPace: { minBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND, graceSeconds: env.UPLOAD_GRACE_SECONDS },
    /** The socket event limits per socket and per user (plugins/socket-limits.ts); off only for a load test. */
    realtimeEventLimits: env.REALTIME_EVENT_LIMITS,
    dataKey: env.DATA_KEY,
    session: { idleSeconds: env.SESSION_IDLE_SECONDS, absoluteSeconds: env.SESSION_ABSOLUTE_SECONDS },
    oidc: {
      issuer: env.OIDC_ISSUER ?? `${publicUrl}/test-idp/oidc`,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      ssnClaim: env.OIDC_SSN_CLAIM,
      scope: env.OIDC_SCOPE,
      profile: env.OIDC_PROFILE,
      authRequest: env.OIDC_AUTH_REQUEST,
      acrValues: env.OIDC_ACR_VALUES,
      acrAllowed: env.OIDC_ACR_ALLOWED ?? env.OIDC_ACR_VALUES,
      /**
       * Our private keys (signing, decryption). Outside production the demo's, derived from DATA_KEY; production
       * configures its own (the FTN profile refuses to start without), and under `plain` may have none.
       */
      keys: (
        ((env.OIDC_KEYS ?? env.OIDC_KEYS_FILE) as { keys: RpJwk[] } | undefined) ?? (production ? { keys: [] } : demoRpKeySet(env.DATA_KEY))
      ).keys,
    },
    testIdpEnabled,
    mandates: {
      url: (env.MANDATES_URL ?? `${publicUrl}/test-mandates`).replace(/\/$/, ''),
      clientId: env.MANDATES_CLIENT_ID,
      apiSecret: env.MANDATES_API_SECRET,
      oauthSecret: env.MANDATES_OAUTH_SECRET,
    },
    testMandatesEnabled: env.TEST_MANDATES_ENABLED ?? !production,
    mail: {
      /** Unset outside production: mail goes to the built-in catcher on `catcherPort`. */
      smtpUrl: env.SMTP_URL,
      /** The built-in templates' sender; an organisation's own templates name their own. */
      sender: { name: env.MAIL_FROM_NAME, address: env.MAIL_FROM_ADDRESS },
      catcherEnabled: env.MAIL_CATCHER_ENABLED ?? !production,
      catcherPort: env.MAIL_CATCHER_PORT,
    },
    sms: {
      /** The HTTP SMS gateway; unset outside production: SMS go to the built-in sink. Neither: no SMS are sent. */
      gatewayUrl: env.SMS_GATEWAY_URL,
      apiKey: env.SMS_API_KEY,
      sender: env.SMS_SENDER,
      sinkEnabled: env.SMS_SINK_ENABLED ?? !production,
    },
    /** The job runner (platform/jobs): how often an idle instance looks for due jobs, and how many it runs at once. */
    jobs: { pollIntervalMs: env.JOBS_POLL_MS, concurrency: env.JOBS_CONCURRENCY },
    demoSeed: env.DEMO_SEED ?? !production,
    webDist: env.WEB_DIST,
    files: {
      /** Where the disk store keeps files (unused when `s3` is set). */
      dir: env.FILES_DIR ?? join(env.DATA_DIR, 'files'),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    },
    /** Video (docs/video.md): the media path and the ICE servers browsers are given. */
    video: {
      provider: env.VIDEO_PROVIDER,
      /** Janus instances: `url` is what this server connects to, `publicUrl` what browsers use (same order). */
      janus: (env.JANUS_URL ?? []).map((url, i) => ({ url, publicUrl: env.JANUS_PUBLIC_URL?.[i] ?? url })),
      janusAdminKey: env.JANUS_ADMIN_KEY,
      stunUrls: env.STUN_URLS ?? [],
      turnUrls: env.TURN_URLS ?? [],
      turnSecret: env.TURN_SECRET,
      turnTtlSeconds: env.TURN_TTL_SECONDS,
      icePolicy: env.VIDEO_ICE_POLICY,
    },
    /** Virus scanning of uploads with clamd (platform/files/virus-scan.ts); no URL, no scanning. */
    virusScan: { clamdUrl: env.CLAMD_URL, timeoutMs: env.CLAMD_TIMEOUT_MS },
    /**
     * The health-assessment connector's page (docs/self-assessment.md): HTA_CONNECTOR_URL, else the built-in
     * self-assessment on our own origin outside production, else none (self-assessment is then unavailable).
     */
    selfAssessment: selfAssessmentOf(env, production),
    /**
     * Prometheus metrics at `/metrics` (plugins/metrics.ts): with a token, only scrapes that carry it; without one,
     * off in production and open to requests made on this machine otherwise.
     */
    metrics: { token: env.METRICS_TOKEN },
    /** The read-model cache of patient config and services (plugins/read-models.ts): its safety-net lifetime. */
    readModelCache: { ttlSeconds: env.READ_MODEL_CACHE_TTL_SECONDS },
    /**
     * OpenTelemetry tracing (plugins/tracing.ts) over OTLP/HTTP: the traces URL is OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as
     * given, else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces` (as the OTLP specification says); neither, no tracing.
     */
    tracing: { tracesUrl: tracesUrlOf(env), serviceName: env.OTEL_SERVICE_NAME },
    /**
     * Web push (modules/notifications, docs/notifications.md): the VAPID keys (unset: generated and kept in DATA_DIR
     * outside production, push off in production), the push-service hosts subscriptions may name (a server-side
     * request goes there, so not any URL), and the built-in push service for the demo and tests.
     */
    push: {
      vapid: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
      subject: env.VAPID_SUBJECT,
      endpointHosts:
        env.PUSH_ENDPOINT_HOSTS?.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean) ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
      standInEnabled: env.PUSH_SERVICE_STAND_IN_ENABLED ?? !production,
    },
    /**
     * `/.well-known/security.txt` (plugins/security-txt.ts): the contact for vulnerability reports and the disclosure
     * policy. Without a contact (production with SECURITY_CONTACT unset) the file is not served.
     */
    securityTxt: {
      contact: env.SECURITY_CONTACT ?? (production ? undefined : DEMO_SECURITY_CONTACT),
      policyUrl: env.SECURITY_POLICY_URL,
    },
  };
}

/**
 * With REDIS_SENTINELS, REDIS_URL gives only what the master is opened with (user, password, database number): the
 * sentinels say where the master is, so its host and port are not read.
 */
function redisOf(env: z.infer<typeof ZEnv>) {
  if (!env.REDIS_SENTINELS) return env.REDIS_URL ? { kind: 'standalone' as const, url: env.REDIS_URL } : undefined;
  const url = env.REDIS_URL ? new URL(env.REDIS_URL) : undefined;
  return {
    kind: 'sentinel' as const,
    sentinels: env.REDIS_SENTINELS,
    masterName: env.REDIS_SENTINEL_MASTER,
    username: url?.username ? decodeURIComponent(url.username) : undefined,
    password: url?.password ? decodeURIComponent(url.password) : undefined,
    db: url ? Number(url.pathname.slice(1) || 0) : 0,
    sentinelPassword: env.REDIS_SENTINEL_PASSWORD,
  };
}

/** Where OTLP/HTTP traces go: the signal's own endpoint as given, else the base endpoint with the signal's path. */
function tracesUrlOf(env: z.infer<typeof ZEnv>): string | undefined {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`;
  return undefined;
}

function selfAssessmentOf(env: z.infer<typeof ZEnv>, production: boolean) {
  const standInEnabled = env.TEST_HTA_ENABLED ?? !production;
  const connectorUrl = env.HTA_CONNECTOR_URL ?? (standInEnabled ? SELF_ASSESSMENT_STAND_IN_PATH : null);
  /** The connector's origin when it is not ours (the app's CSP lets it be framed); null for the built-in one. */
  const externalOrigin = env.HTA_CONNECTOR_URL ? new URL(env.HTA_CONNECTOR_URL).origin : null;
  return { standInEnabled, connectorUrl, externalOrigin };
}

export class ConfigError extends Error {}

/** Parses the environment once; throws one error listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means 'not set', as in most shells' `VAR= command`.
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(result.data);
}
