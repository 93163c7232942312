import { createPublicKey, verify } from 'node:crypto';

/** What a verified VAPID header says: who the application server is (its key) and its contact. */
export type VapidClaims = { publicKey: string; subject: string; expiresAt: Date };

const MAX_LIFETIME_S = 24 * 60 * 60;

function json(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null) throw new Error('not a JSON object');
  return value as Record<string, unknown>;
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<key>` header as a push service must (RFC 8292): an ES256 JWT signed by
 * the P-256 key `k`, for this push service's origin (`aud`), not expired and valid for at most 24 hours, with a
 * `mailto:` or `https:` contact (`sub`). Throws with the reason when any of it fails.
 */
export function verifyVapid(header: string | undefined, audience: string, now: Date): VapidClaims {
  const m = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!m) throw new Error('no vapid authorization');
  const params = new Map(
    m[1]!.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim().toLowerCase(), p.slice(i + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new Error('t or k missing');
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });

  const [h, p, s] = token.split('.');
  if (!h || !p || !s) throw new Error('not a JWT');
  if (json(h).alg !== 'ES256') throw new Error('alg is not ES256');
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')))
    throw new Error('bad signature');
  const claims = json(p);
  if (claims.aud !== audience) throw new Error('aud is not this push service');
  const exp = Number(claims.exp);
  const nowS = Math.floor(now.getTime() / 1000);
  if (!Number.isFinite(exp) || exp <= nowS) throw new Error('expired');
  if (exp > nowS + MAX_LIFETIME_S) throw new Error('valid for more than 24 hours');
  const sub = String(claims.sub ?? '');
  if (!/^(mailto:|https:)/.test(sub)) throw new Error('sub is not a mailto: or https: contact');
  return { publicKey: k, subject: sub, expiresAt: new Date(exp * 1000) };
}
