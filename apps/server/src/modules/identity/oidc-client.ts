import * as oidc from 'openid-client';

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; redirectUri: string; ssnClaim: string };

export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string };
export type BrokerIdentity = { ssn: string; givenName: string; familyName: string };

/**
 * The relying party of the identity broker: authorization code flow with PKCE (S256), state and nonce.
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
        ...(uiLocale ? { ui_locales: uiLocale } : {}),
      });
      return { url, state, nonce, codeVerifier };
    },

    /** Exchanges the code, verifies the ID token, and reads the identity from its claims (or from userinfo). */
    async finish(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<BrokerIdentity> {
      const config = await getConfiguration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('ID token missing');
      let claims: Record<string, unknown> = idClaims;
      if (typeof claims[settings.ssnClaim] !== 'string') {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
      }
      const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
      return { ssn: text(settings.ssnClaim), givenName: text('given_name'), familyName: text('family_name') };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
