import * as oidc from 'openid-client';

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; redirectUri: string; ssnClaim: string };

export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string };
export type BrokerIdentity = { ssn: string; givenName: string; familyName: string; idToken: string };

/** How far the provider's clock may be behind ours when it says when the person identified. */
const AUTH_TIME_SKEW_SECONDS = 60;

/**
 * Whether the ID token's `auth_time` (seconds) says the person identified after we asked (`requestedAt`):
 * with `max_age=0` a provider that reuses an earlier identification must not get through.
 */
export function isFreshIdentification(authTime: unknown, requestedAt: Date): boolean {
  return typeof authTime === 'number' && authTime >= Math.floor(requestedAt.getTime() / 1000) - AUTH_TIME_SKEW_SECONDS;
}

/**
 * The relying party of the identity broker: authorization code flow with PKCE (S256), state and nonce.
 * Every sign-in asks for a fresh identification (`prompt=login`, `max_age=0`, `auth_time` checked), so a
 * provider session left behind on a shared device never signs the next person in as the previous one.
 * Discovery runs on first use, not at start, so the service starts even while the broker is away
 * (and so the built-in provider, served by this very process, is up before it is asked).
 */
export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;

  function getConfiguration(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // Plain http is only for the built-in provider on a developer's machine; config refuses it in production.
        execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
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
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // Identify again every time, whatever session the provider still holds (Finnish brokers support both).
        prompt: 'login',
        max_age: '0',
        ...(uiLocale ? { ui_locales: uiLocale } : {}),
      });
      return { url, state, nonce, codeVerifier };
    },

    /**
     * Exchanges the code, verifies the ID token (and that the identification happened after `requestedAt`),
     * and reads the identity from its claims (or from userinfo). The ID token is returned for the logout.
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
      if (!isFreshIdentification(idClaims.auth_time, expected.requestedAt)) throw new Error('identification older than the sign-in');
      let claims: Record<string, unknown> = idClaims;
      if (typeof claims[settings.ssnClaim] !== 'string') {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
      }
      const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
      return { ssn: text(settings.ssnClaim), givenName: text('given_name'), familyName: text('family_name'), idToken: tokens.id_token };
    },

    /**
     * The provider's end-session URL (RP-initiated logout 1.0) for the browser to visit after our own logout,
     * or null when the provider offers none.
     */
    async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
      const config = await getConfiguration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc
        .buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: postLogoutRedirectUri,
          client_id: settings.clientId,
        })
        .toString();
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
