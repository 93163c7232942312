import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JWK } from 'jose';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { isValidSsn, normalizeSsn } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { dbAdapterFactory } from './db-adapter';
import { LOGOUT_SCRIPT, logoutPage, loggedOutPage, loginPage, pageLanguage, STYLE } from './pages';
import { loadSigningKey } from './signing-key';
import { TEST_PERSONS } from './test-persons';
import { findTypedPerson, rememberTypedPerson } from './typed-persons';
import type { Config } from '../../config';
import { POST_LOGOUT_PATH } from '../../modules/identity/identity.service';
import { ENCRYPTION_ALGS, importRpKeys, SIGNING_ALGS } from '../../modules/identity/rp-keys';

export type TestIdpOptions = {
  /** Where the provider keeps its state (test_idp_entries), shared by every instance. */
  db: Db;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `ftn` (the default): the FTN profile only, as a Finnish broker requires it; `plain`: a client secret, no encryption. */
  profile: 'ftn' | 'plain';
  /** The levels of assurance it offers (`acr_values_supported`); a sign-in gets the first one the request asks for. */
  acrValues: string[];
  /** The relying party's public keys: its request objects and client assertions are checked, its tokens encrypted. */
  rpJwks: { keys: JWK[] };
  redirectUri: string;
  /** Where the provider may send the browser after its logout (the product's logout page). */
  postLogoutRedirectUri: string;
  ssnClaim: string;
  cookieSecret: string;
  /**
   * Where the provider keeps its interactions, sessions, grants and codes: `database` (the default) so that any
   * instance continues a sign-in another one started; `memory` (oidc-provider's own store) for a provider that is a
   * process of its own, as bench/test-idp-broker.ts runs it in front of several instances, as a real broker is.
   */
  store?: 'database' | 'memory';
};

/**
 * The provider as the product's configuration describes its broker: its client, profile and levels, the relying
 * party's public keys, and the product's callback and logout pages. One place for the app and for a provider run in
 * a process of its own (bench/test-idp-broker.ts).
 */
export async function testIdpOptions(config: Config, db: Db): Promise<TestIdpOptions> {
  return {
    ...config.oidc,
    rpJwks: config.oidc.keys.length > 0 ? (await importRpKeys(config.oidc.keys)).public : { keys: [] },
    db,
    redirectUri: `${config.publicUrl}/api/login/callback`,
    postLogoutRedirectUri: `${config.publicUrl}${POST_LOGOUT_PATH}`,
    cookieSecret: config.dataKey,
  };
}

export const TEST_IDP_PREFIX = '/test-idp';

/** The provider's lifetimes in seconds; a typed person's names are kept as long as a session (typed-persons.ts). */
const TTL = { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 };

/**
 * A real OpenID Connect provider (oidc-provider) standing in for the Finnish identity broker:
 * authorization code flow with PKCE, signed ID tokens carrying the national identity code,
 * given name and family name. Its sign-in page lets a tester pick a test person or type a code.
 * Typed codes are passed on unchecked, so the product's own validation (105) can be exercised.
 * Like a real broker it honours `prompt=login` and `max_age` (the page shows again and `auth_time` is new) and
 * RP-initiated logout: its end-session page ends its own session and returns to the product's logout page.
 * Its state (interactions, sessions, grants, codes, the names typed on its page and its signing key) is in the
 * database (`test_idp_entries`, db-adapter.ts), so a sign-in survives a restart and may go through any instance.
 * For demo and tests only: refused in production.
 */
export const testIdpPlugin = fp(async (app: FastifyInstance, opts: TestIdpOptions) => {
  const mountPath = new URL(opts.issuer).pathname.replace(/\/$/, '');
  const signingKey = await loadSigningKey(opts.db);

  const ftn = opts.profile === 'ftn';
  const configuration: Configuration = {
    ...(opts.store === 'memory' ? {} : { adapter: dbAdapterFactory(opts.db) }),
    clients: [{ ...clientOf(opts), ...(ftn ? ftnClientOf(opts.rpJwks) : { client_secret: opts.clientSecret }) }],
    // The FTN profile: private_key_jwt only (no shared secret), signed request objects required.
    clientAuthMethods: ftn ? ['private_key_jwt'] : ['client_secret_post', 'client_secret_basic'],
    acrValues: opts.acrValues,
    // Only what the FTN profile's relying parties use: asymmetric signatures and key management, no shared-secret JOSE.
    ...(ftn ? { enabledJWA: FTN_JWA } : {}),
    jwks: { keys: [signingKey] },
    claims: { openid: ['sub'], profile: ['given_name', 'family_name', 'name', opts.ssnClaim] },
    // Brokers put the person in the ID token itself; do the same.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: TTL,
    features: {
      devInteractions: { enabled: false },
      ...(ftn
        ? {
            requestObjects: { enabled: true, requireSignedRequestObject: true },
            encryption: { enabled: true },
            jwtUserinfo: { enabled: true },
            pushedAuthorizationRequests: { enabled: true },
          }
        : {}),
      // The end-session page submits itself (a script file: the CSP allows no inline script) and always ends the
      // provider's session, as brokers do for a relying party's logout with a valid id_token_hint.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'text/html; charset=utf-8';
          ctx.body = logoutPage({ form, lang: pageLanguage(ctx.oidc.params?.ui_locales) });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'text/html; charset=utf-8';
          ctx.body = loggedOutPage({ lang: pageLanguage(ctx.oidc.params?.ui_locales) });
        },
      },
    },
    cookies: { keys: [opts.cookieSecret] },
    interactions: { url: (_ctx, interaction) => `${TEST_IDP_PREFIX}/interaction/${interaction.uid}` },
    // First-party client: consent is implied, as with a real broker's contract.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const existing = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const known = TEST_PERSONS.find((p) => p.ssn === sub) ?? {
        ...((await findTypedPerson(opts.db, sub)) ?? { givenName: 'Testi', familyName: 'Henkilö' }),
        ssn: sub,
      };
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          given_name: known.givenName,
          family_name: known.familyName,
          name: `${known.givenName} ${known.familyName}`,
          [opts.ssnClaim]: known.ssn,
        }),
      };
    },
    renderError: async (ctx, _out, error) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Identification error: ${error.message}`;
    },
  };

  const provider = new Provider(opts.issuer, configuration);

  // The provider is Koa middleware, run through middie in a context of its own: registered on the whole app, middie's
  // hook would run for every request (about a tenth of a cached API answer's time). The wildcard route brings the
  // provider's paths into this context; the provider answers each of them, so the handler runs only if it did not.
  await app.register(async (oidc) => {
    await oidc.register(middie);
    oidc.use(mountPath, provider.callback());
    oidc.all(`${mountPath}/*`, async () => {
      throw new AppError(404);
    });
  });

  await app.register(async (scoped) => {
    await scoped.register(formbody);

    // RP-initiated logout by POST, which the FTN profile's relying party uses so that the ID token (it names the
    // person) is in no URL. oidc-provider takes POST here only with cross-site cookies (SameSite=None, which needs
    // https); this stand-in hands the posted form to the provider's own end-session handler instead, so the hint is
    // checked exactly as on GET while the browser's address stays the plain endpoint.
    scoped.post<{ Body: Record<string, string> }>(`${mountPath}/session/end`, async (req, reply) => {
      const fields = ['id_token_hint', 'post_logout_redirect_uri', 'client_id', 'state', 'ui_locales', 'logout_hint'];
      const query = new URLSearchParams(fields.flatMap((name) => (typeof req.body?.[name] === 'string' ? [[name, req.body[name]]] : [])));
      const raw = req.raw as typeof req.raw & { originalUrl?: string };
      raw.method = 'GET';
      raw.url = `/session/end?${query}`;
      raw.originalUrl = `${mountPath}/session/end?${query}`;
      reply.hijack();
      await provider.callback()(raw, reply.raw);
    });

    scoped.get(`${TEST_IDP_PREFIX}/style.css`, async (_req, reply) => reply.type('text/css').send(STYLE));
    scoped.get(`${TEST_IDP_PREFIX}/logout.js`, async (_req, reply) => reply.type('text/javascript').send(LOGOUT_SCRIPT));

    scoped.get<{ Params: { uid: string } }>(`${TEST_IDP_PREFIX}/interaction/:uid`, async (req, reply) => {
      const details = await provider.interactionDetails(req.raw, reply.raw);
      return reply
        .type('text/html; charset=utf-8')
        .send(loginPage({ uid: details.uid, lang: pageLanguage(details.params.ui_locales), persons: TEST_PERSONS }));
    });

    scoped.post<{ Params: { uid: string }; Body: { ssn?: string; givenName?: string; familyName?: string } }>(
      `${TEST_IDP_PREFIX}/interaction/:uid/login`,
      async (req, reply) => {
        const details = await provider.interactionDetails(req.raw, reply.raw);
        const ssn = normalizeSsn(req.body?.ssn ?? '');
        if (!ssn) {
          return reply
            .type('text/html; charset=utf-8')
            .send(loginPage({ uid: details.uid, lang: pageLanguage(details.params.ui_locales), persons: TEST_PERSONS, error: true }));
        }
        if (!TEST_PERSONS.some((p) => p.ssn === ssn)) {
          const person = {
            givenName: req.body?.givenName?.trim() || 'Testi',
            familyName: req.body?.familyName?.trim() || (isValidSsn(ssn) ? 'Henkilö' : 'Virheellinen'),
          };
          await rememberTypedPerson(opts.db, ssn, person, TTL.Session);
        }
        reply.hijack();
        // The level of assurance of the method used: the first one the request asked for that this provider offers.
        const acr = acrFor(details.params.acr_values, opts.acrValues);
        await provider.interactionFinished(req.raw, reply.raw, { login: { accountId: ssn, acr } }, { mergeWithLastSubmission: false });
      },
    );

    scoped.post<{ Params: { uid: string } }>(`${TEST_IDP_PREFIX}/interaction/:uid/abort`, async (req, reply) => {
      reply.hijack();
      await provider.interactionFinished(
        req.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'cancelled by the user' },
        { mergeWithLastSubmission: false },
      );
    });
  });
});

/** The JOSE algorithms the provider offers under the FTN profile (rp-keys.ts lists what the relying party may use). */
const FTN_JWA = {
  clientAuthSigningAlgValues: [...SIGNING_ALGS],
  requestObjectSigningAlgValues: [...SIGNING_ALGS],
  idTokenSigningAlgValues: ['RS256'],
  userinfoSigningAlgValues: ['RS256'],
  idTokenEncryptionAlgValues: [...ENCRYPTION_ALGS],
  userinfoEncryptionAlgValues: [...ENCRYPTION_ALGS],
  requestObjectEncryptionAlgValues: [...ENCRYPTION_ALGS],
  idTokenEncryptionEncValues: ['A256GCM', 'A128GCM'],
  userinfoEncryptionEncValues: ['A256GCM', 'A128GCM'],
  requestObjectEncryptionEncValues: ['A256GCM', 'A128GCM'],
} satisfies Configuration['enabledJWA'];

/** What every client registration has: the code flow, our callback and logout page. */
function clientOf(opts: TestIdpOptions): ClientMetadata {
  return {
    client_id: opts.clientId,
    redirect_uris: [opts.redirectUri],
    post_logout_redirect_uris: [opts.postLogoutRedirectUri],
    response_types: ['code'],
    grant_types: ['authorization_code'],
  };
}

/**
 * The relying party as an FTN broker registers it: its public keys given statically, `private_key_jwt`, signed
 * request objects required, and the ID token and userinfo signed, then encrypted to its encryption key.
 */
function ftnClientOf(rpJwks: { keys: JWK[] }): Omit<ClientMetadata, 'client_id'> {
  const signing = rpJwks.keys.find((k) => k.use === 'sig');
  const encryption = rpJwks.keys.find((k) => k.use === 'enc');
  if (!signing?.alg || !encryption?.alg) throw new Error('the relying party needs a signing and an encryption key');
  // The algorithms were checked against the FTN lists when the keys were configured (rp-keys.ts).
  const signingAlg = signing.alg as ClientMetadata['request_object_signing_alg'] & ClientMetadata['token_endpoint_auth_signing_alg'];
  const encryptionAlg = encryption.alg as ClientMetadata['id_token_encrypted_response_alg'];
  return {
    jwks: rpJwks,
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: signingAlg,
    request_object_signing_alg: signingAlg,
    require_signed_request_object: true,
    id_token_signed_response_alg: 'RS256',
    id_token_encrypted_response_alg: encryptionAlg,
    id_token_encrypted_response_enc: 'A256GCM',
    userinfo_signed_response_alg: 'RS256',
    userinfo_encrypted_response_alg: encryptionAlg,
    userinfo_encrypted_response_enc: 'A256GCM',
  };
}

/** The first of the requested `acr_values` this provider offers, else its first (the request asked for none it has). */
function acrFor(requested: unknown, offered: readonly string[]): string | undefined {
  const asked = typeof requested === 'string' ? requested.split(' ') : [];
  return asked.find((acr) => offered.includes(acr)) ?? offered[0];
}
