import { createECDH, hkdfSync } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK } from 'jose';

/** One of our private keys as the broker knows it: `kid`, `use` (sig or enc) and `alg` are required. */
export type RpJwk = JWK & { kid: string; use: 'sig' | 'enc'; alg: string };

/** Algorithms the FTN profile's brokers use: signing (request objects, client assertions) and key management. */
export const SIGNING_ALGS = ['RS256', 'PS256', 'ES256'] as const;
export const ENCRYPTION_ALGS = ['RSA-OAEP', 'RSA-OAEP-256', 'ECDH-ES', 'ECDH-ES+A128KW', 'ECDH-ES+A256KW'] as const;

/**
 * Why a private JWK set cannot serve as the relying party's keys, or null when it can: every key has a `kid`, a
 * `use` and an `alg` of the lists above, a private part, and is RSA of 2048 bits or more or EC P-256; at least one
 * signing and one encryption key. Several of each may be live at once (rotation): the first `sig` key signs.
 */
export function rpKeySetProblem(set: unknown): string | null {
  const keys = (set as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) return 'a JWK set ({"keys": [...]}) with private keys';
  const kids = new Set<string>();
  for (const key of keys as RpJwk[]) {
    if (typeof key.kid !== 'string' || key.kid === '') return 'every key needs a kid';
    if (kids.has(key.kid)) return `kid ${key.kid} is used twice`;
    kids.add(key.kid);
    const algs: readonly string[] = key.use === 'sig' ? SIGNING_ALGS : key.use === 'enc' ? ENCRYPTION_ALGS : [];
    if (algs.length === 0) return `key ${key.kid}: use must be sig or enc`;
    if (!algs.includes(key.alg)) return `key ${key.kid}: alg must be one of ${algs.join(', ')}`;
    if (typeof key.d !== 'string') return `key ${key.kid}: the private part (d) is missing`;
    const rsa = key.kty === 'RSA' && typeof key.n === 'string' && Buffer.from(key.n, 'base64url').length * 8 >= 2048;
    const p256 = key.kty === 'EC' && key.crv === 'P-256';
    if (!rsa && !p256) return `key ${key.kid}: RSA of 2048 bits or more, or EC P-256`;
    if (key.alg.startsWith('ECDH') || key.alg.startsWith('ES') ? !p256 : !rsa)
      return `key ${key.kid}: ${key.alg} does not fit its key type`;
  }
  if (!(keys as RpJwk[]).some((k) => k.use === 'sig')) return 'at least one signing key (use sig)';
  if (!(keys as RpJwk[]).some((k) => k.use === 'enc')) return 'at least one encryption key (use enc)';
  return null;
}

/** An EC P-256 private JWK whose private scalar is `seed` (32 bytes). */
function p256Jwk(seed: Buffer): JWK {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(seed);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const b64 = (bytes: Buffer) => bytes.toString('base64url');
  return { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)), d: b64(seed) };
}

/**
 * The demo's keys, derived from DATA_KEY so that every instance of one demo or test deployment has the same ones
 * (the built-in provider, in each instance, must know them). Production refuses them: it configures its own
 * (OIDC_KEYS or OIDC_KEYS_FILE).
 */
export function demoRpKeySet(dataKey: string): { keys: RpJwk[] } {
  const derive = (use: string) => Buffer.from(hkdfSync('sha256', dataKey, 'prsp-oidc-rp-keys', use, 32));
  return {
    keys: [
      { ...p256Jwk(derive('sig')), kid: 'demo-sig-1', use: 'sig', alg: 'ES256' },
      { ...p256Jwk(derive('enc')), kid: 'demo-enc-1', use: 'enc', alg: 'ECDH-ES' },
    ],
  };
}

/** The public half of our keys: what `/.well-known/jwks.json` serves and a broker is given. */
export function publicJwks(keys: readonly RpJwk[]): { keys: JWK[] } {
  return {
    keys: keys.map((key) => {
      const { kty, crv, x, y, n, e, kid, use, alg } = key;
      return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e, kid, use, alg }).filter(([, v]) => v !== undefined));
    }),
  };
}

export type RpKeys = {
  /** Signs request objects and client assertions: the first `sig` key of the set. */
  signing: { key: CryptoKey; kid: string; alg: string };
  /** Every `enc` key: a broker may still encrypt to the previous one while a new one rolls out. */
  decryption: { key: CryptoKey; kid: string; alg: string }[];
  public: { keys: JWK[] };
};

/** Imports the set's private keys for use (non-extractable). */
export async function importRpKeys(keys: readonly RpJwk[]): Promise<RpKeys> {
  const imported = await Promise.all(
    keys.map(async (jwk) => ({
      key: (await importJWK(jwk, jwk.alg, { extractable: false })) as CryptoKey,
      kid: jwk.kid,
      alg: jwk.alg,
      use: jwk.use,
    })),
  );
  const [signing] = imported.filter((k) => k.use === 'sig');
  if (!signing) throw new Error('no signing key');
  return {
    signing: { key: signing.key, kid: signing.kid, alg: signing.alg },
    decryption: imported.filter((k) => k.use === 'enc').map(({ key, kid, alg }) => ({ key, kid, alg })),
    public: publicJwks(keys),
  };
}
