import { SignJWT } from 'jose';
import type { Config } from '../config';
import { importRpKeys } from '../modules/identity/rp-keys';

/**
 * The query of an authorization request as the FTN profile wants it, for tests that talk to the built-in provider
 * directly: `client_id` and a request object signed with the relying party's key (`key` another one, to be refused).
 */
export async function signedAuthorizationQuery(
  config: Config,
  params: Record<string, string>,
  options: { kid?: string; key?: CryptoKey } = {},
): Promise<URLSearchParams> {
  const { signing } = await importRpKeys(config.oidc.keys);
  const request = await new SignJWT({ ...params, client_id: config.oidc.clientId })
    .setProtectedHeader({ alg: signing.alg, kid: options.kid ?? signing.kid, typ: 'oauth-authz-req+jwt' })
    .setIssuer(config.oidc.clientId)
    .setAudience(config.oidc.issuer)
    .setIssuedAt()
    .setExpirationTime('1m')
    .sign(options.key ?? signing.key);
  return new URLSearchParams({ client_id: config.oidc.clientId, request });
}
