import { generateKeyPairSync } from 'node:crypto';
import { compactDecrypt, CompactEncrypt, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { describe, expect, test } from 'vitest';
import { demoRpKeySet, importRpKeys, publicJwks, rpKeySetProblem, type RpJwk } from './rp-keys';

async function privateJwk(alg: 'ES256' | 'RS256' | 'RSA-OAEP-256', use: 'sig' | 'enc', kid: string): Promise<RpJwk> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, use, alg };
}

/** An RSA key too short for the profile (jose will not even make one). */
function shortRsaJwk(kid: string): RpJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, use: 'sig', alg: 'RS256' };
}

describe('the relying party key set', () => {
  test('a signing and an encryption key, EC P-256 or RSA 2048+, with kid, use and alg: accepted', async () => {
    const keys = [await privateJwk('ES256', 'sig', 's1'), await privateJwk('RSA-OAEP-256', 'enc', 'e1')];
    expect(rpKeySetProblem({ keys })).toBeNull();
    // Rotation: two of each may be live at once.
    expect(rpKeySetProblem({ keys: [...keys, await privateJwk('RS256', 'sig', 's2'), { ...keys[1]!, kid: 'e2' }] })).toBeNull();
  });

  test('what a broker would not take, or what cannot sign and decrypt, is refused with the reason', async () => {
    const sig = await privateJwk('ES256', 'sig', 's1');
    const enc = { ...(await privateJwk('ES256', 'sig', 'x')), kid: 'e1', use: 'enc' as const, alg: 'ECDH-ES' };
    expect(rpKeySetProblem(undefined)).toMatch(/JWK set/);
    expect(rpKeySetProblem({ keys: [] })).toMatch(/JWK set/);
    expect(rpKeySetProblem({ keys: [sig] })).toMatch(/encryption key/);
    expect(rpKeySetProblem({ keys: [enc] })).toMatch(/signing key/);
    expect(rpKeySetProblem({ keys: [sig, { ...enc, kid: 's1' }] })).toMatch(/kid s1 is used twice/);
    expect(rpKeySetProblem({ keys: [{ ...sig, kid: '' }, enc] })).toMatch(/kid/);
    expect(rpKeySetProblem({ keys: [{ ...sig, alg: 'HS256' }, enc] })).toMatch(/alg must be one of RS256, PS256, ES256/);
    expect(rpKeySetProblem({ keys: [{ ...sig, use: 'x' as 'sig' }, enc] })).toMatch(/use must be sig or enc/);
    const { d: _d, ...publicOnly } = sig;
    expect(rpKeySetProblem({ keys: [publicOnly, enc] })).toMatch(/private part/);
    expect(rpKeySetProblem({ keys: [shortRsaJwk('s1'), enc] })).toMatch(/2048 bits/);
    expect(rpKeySetProblem({ keys: [{ ...sig, alg: 'RS256' }, enc] })).toMatch(/RS256 does not fit/);
  });

  test('the demo keys are derived from DATA_KEY: the same for every instance, other for another key, valid', () => {
    const one = demoRpKeySet('a'.repeat(32));
    expect(demoRpKeySet('a'.repeat(32))).toEqual(one);
    expect(demoRpKeySet('b'.repeat(32)).keys[0]!.d).not.toBe(one.keys[0]!.d);
    expect(rpKeySetProblem(one)).toBeNull();
    expect(one.keys.map((k) => [k.kid, k.use, k.alg])).toEqual([
      ['demo-sig-1', 'sig', 'ES256'],
      ['demo-enc-1', 'enc', 'ECDH-ES'],
    ]);
  });

  test('the public set has every key with kid, use and alg, and nothing private', async () => {
    const keys = [await privateJwk('RS256', 'sig', 's1'), ...demoRpKeySet('c'.repeat(32)).keys];
    const { keys: published } = publicJwks(keys);
    expect(published.map((k) => k.kid)).toEqual(['s1', 'demo-sig-1', 'demo-enc-1']);
    for (const key of published) {
      expect(key.use).toBeDefined();
      expect(key.alg).toBeDefined();
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
    }
  });

  test('imported: the first sig key signs what the public key verifies; every enc key decrypts what was sent to it', async () => {
    const set = demoRpKeySet('d'.repeat(32));
    const keys = await importRpKeys(set.keys);
    const [sigPublic, encPublic] = keys.public.keys;
    const jwt = await new SignJWT({ hello: 'broker' })
      .setProtectedHeader({ alg: keys.signing.alg, kid: keys.signing.kid })
      .sign(keys.signing.key);
    expect((await jwtVerify(jwt, await importJWK(sigPublic!, 'ES256'))).payload.hello).toBe('broker');
    const jwe = await new CompactEncrypt(new TextEncoder().encode('inner.signed.jwt'))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A256GCM', kid: encPublic!.kid })
      .encrypt(await importJWK(encPublic!, 'ECDH-ES'));
    const decrypted = await compactDecrypt(jwe, keys.decryption[0]!.key);
    expect(new TextDecoder().decode(decrypted.plaintext)).toBe('inner.signed.jwt');
  });
});
