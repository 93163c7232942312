import * as oidc from 'openid-client';
import type { RpKeys } from './rp-keys';

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** `openid profile` by default; some brokers release the identity code only under a scope of their own. */
  scope: string;
  ssnClaim: string;
  /** `ftn`: Traficom's FTN OpenID Connect profile (docs/identity.md); `plain`: OpenID Connect with a client secret. */
  profile: 'ftn' | 'plain';
  /** How the signed request object travels: in the URL (`jar`) or pushed first (`par`, the URL holds a reference). */
  authRequest: 'jar' | 'par';
  acrValues: string[];
  acrAllowed: string[];
  /** Ours, to sign and decrypt with; the FTN profile needs them, the plain one does not. */
  keys: RpKeys | null;
};

export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string };
export type BrokerIdentity = { ssn: string; givenName: string; familyName: string; idToken: string };
/** RP-initiated logout as a form POST: the ID token travels in the body, never in a URL. */
export type EndSessionRequest = { url: string; params: Record<string, string> };

/** A sign-in the broker answered but we refuse; `reason` is logged (no personal data), the patient sees 'login failed'. */
export class IdentificationRefused extends Error {
  constructor(readonly reason: string) {
    super(`identification refused: ${reason}`);
  }
}

/** How far the provider's clock may be behind ours when it says when the person identified. */
const AUTH_TIME_SKEW_SECONDS = 60;
/** JWE content encryption the FTN profile's brokers use. */
const CONTENT_ENCRYPTION = ['A256GCM', 'A128GCM', 'A256CBC-HS512', 'A128CBC-HS256'];

/**
 * Whether the ID token's `auth_time` (seconds) says the person identified after we asked (`requestedAt`):
 * with `max_age=0` a provider that reuses an earlier identification must not get through.
 */
export function isFreshIdentification(authTime: unknown, requestedAt: Date): boolean {
  return typeof authTime === 'number' && authTime >= Math.floor(requestedAt.getTime() / 1000) - AUTH_TIME_SKEW_SECONDS;
}

/** The level of assurance must be one we accept: a broker that let a weaker method through is refused. */
export function checkAcr(acr: unknown, allowed: readonly string[]): void {
  if (typeof acr !== 'string') throw new IdentificationRefused('no acr in the ID token');
  if (!allowed.includes(acr)) throw new IdentificationRefused(`acr ${acr} is not allowed`);
}

/**
 * The signed JWT inside an encrypted answer. Under the FTN profile an answer that was not encrypted to our key is
 * refused, even when its signature is good: its claims (the identity code) have travelled readable.
 */
export function innerSignedJwt(decrypted: string | undefined, what: string): string {
  if (!decrypted) throw new IdentificationRefused(`${what} was not encrypted`);
  return decrypted;
}

/**
 * The relying party of the identity broker: authorization code flow with PKCE (S256), state and nonce. Under the
 * FTN profile (the default) the request is a request object signed with our key (JAR, or pushed first: PAR), the
 * client authenticates with `private_key_jwt`, the ID token and userinfo come encrypted to our key, and `acr` is
 * asked for and checked. Every sign-in asks for a fresh identification (`prompt=login`, `max_age=0`, `auth_time`
 * checked), so a provider session left behind on a shared device never signs the next person in as the previous
 * one. Discovery runs on first use, not at start, so the service starts even while the broker is away (and so the
 * built-in provider, served by this very process, is up before it is asked).
 */
export function createOidcClient(settings: OidcSettings) {
  if (settings.profile === 'ftn' && !settings.keys) throw new Error('the FTN profile needs our signing and encryption keys');
  /** Our keys while the FTN profile is on, else null: every profile-only step hangs on this. */
  const ftn = settings.profile === 'ftn' ? settings.keys : null;
  const signingKey = ftn ? { key: ftn.signing.key, kid: ftn.signing.kid } : null;
  let configuration: Promise<oidc.Configuration> | undefined;
  /** Known once discovery has answered: the client assertions' audience. */
  let tokenEndpoint: string | undefined;

  function clientAuth(tokenEndpoint: () => string | undefined): oidc.ClientAuth {
    if (!ftn) return oidc.ClientSecretPost(settings.clientSecret);
    // A fresh assertion per request (the library gives it a new jti), addressed to the token endpoint itself.
    return oidc.PrivateKeyJwt(signingKey!, {
      [oidc.modifyAssertion]: (_header, payload) => {
        payload.aud = tokenEndpoint() ?? settings.issuer;
      },
    });
  }

  function getConfiguration(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        ftn ? { token_endpoint_auth_method: 'private_key_jwt', request_object_signing_alg: ftn.signing.alg } : undefined,
        clientAuth(() => tokenEndpoint),
        // Plain http is only for the built-in provider on a developer's machine; config refuses it in production.
        { execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [] },
      )
      .then((config) => {
        tokenEndpoint = config.serverMetadata().token_endpoint;
        if (ftn) {
          oidc.enableDecryptingResponses(config, CONTENT_ENCRYPTION, ...ftn.decryption);
          // The broker's signature inside the JWE is checked against its published keys, not taken on TLS's word.
          oidc.enableNonRepudiationChecks(config);
        }
        return config;
      })
      .catch((err: unknown) => {
        configuration = undefined;
        throw err;
      });
    return configuration;
  }

  return {
    async start(uiLocale?: string): Promise<AuthorizationStart> {
      const config = await getConfiguration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const parameters = {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // Identify again every time, whatever session the provider still holds (Finnish brokers support both).
        prompt: 'login',
        max_age: '0',
        ...(ftn ? { acr_values: settings.acrValues.join(' ') } : {}),
        ...(uiLocale ? { ui_locales: uiLocale } : {}),
      };
      if (!signingKey) return { url: oidc.buildAuthorizationUrl(config, parameters), state, nonce, codeVerifier };
      // Everything in the signed request object; the URL carries only client_id and the object (or its reference).
      const withJar = await oidc.buildAuthorizationUrlWithJAR(config, parameters, signingKey);
      const url = settings.authRequest === 'par' ? await oidc.buildAuthorizationUrlWithPAR(config, withJar.searchParams) : withJar;
      return { url, state, nonce, codeVerifier };
    },

    /**
     * Exchanges the code, verifies the ID token (encrypted and of an allowed `acr` under the profile; the
     * identification after `requestedAt`), and reads the identity from its claims or from userinfo. The signed ID
     * token is returned for the logout's `id_token_hint`.
     */
    async finish(
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string; requestedAt: Date },
    ): Promise<BrokerIdentity> {
      const config = await getConfiguration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims || !tokens.id_token) throw new Error('ID token missing');
      const idToken = ftn ? innerSignedJwt(oidc.getDecryptedResponses(tokens)?.id_token?.token_endpoint, 'the ID token') : tokens.id_token;
      if (ftn) checkAcr(idClaims.acr, settings.acrAllowed);
      if (!isFreshIdentification(idClaims.auth_time, expected.requestedAt))
        throw new IdentificationRefused('identification older than the sign-in');
      let claims: Record<string, unknown> = idClaims;
      if (typeof claims[settings.ssnClaim] !== 'string') {
        const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        if (ftn) innerSignedJwt(oidc.getDecryptedResponses(userinfo), 'userinfo');
        claims = { ...userinfo, ...idClaims };
      }
      const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
      return { ssn: text(settings.ssnClaim), givenName: text('given_name'), familyName: text('family_name'), idToken };
    },

    /**
     * The provider's end-session request (RP-initiated logout 1.0) for the browser to POST after our own logout, or
     * null when the provider offers none. A form body, not a URL: the ID token names the person.
     */
    async endSession(idToken: string, postLogoutRedirectUri: string, uiLocale?: string): Promise<EndSessionRequest | null> {
      const config = await getConfiguration();
      const url = config.serverMetadata().end_session_endpoint;
      if (!url) return null;
      return {
        url,
        params: {
          id_token_hint: idToken,
          post_logout_redirect_uri: postLogoutRedirectUri,
          client_id: settings.clientId,
          ...(uiLocale ? { ui_locales: uiLocale } : {}),
        },
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
