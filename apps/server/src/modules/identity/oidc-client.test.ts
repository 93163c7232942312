import { describe, expect, test } from 'vitest';
import { checkAcr, IdentificationRefused, innerSignedJwt, isFreshIdentification } from './oidc-client';

describe('a sign-in accepts only an identification made after it began (max_age=0)', () => {
  const requestedAt = new Date('2026-11-23T10:00:00Z');
  const seconds = (iso: string) => Date.parse(iso) / 1000;

  test('identified after the request: fresh', () => {
    expect(isFreshIdentification(seconds('2026-11-23T10:00:20Z'), requestedAt)).toBe(true);
  });

  test('a provider clock up to a minute behind is tolerated', () => {
    expect(isFreshIdentification(seconds('2026-11-23T09:59:00Z'), requestedAt)).toBe(true);
  });

  test('an earlier identification, reused from the provider session, is refused', () => {
    expect(isFreshIdentification(seconds('2026-11-23T09:58:59Z'), requestedAt)).toBe(false);
    expect(isFreshIdentification(seconds('2026-11-23T08:00:00Z'), requestedAt)).toBe(false);
  });

  test('no auth_time at all is refused', () => {
    expect(isFreshIdentification(undefined, requestedAt)).toBe(false);
    expect(isFreshIdentification('1795000000', requestedAt)).toBe(false);
  });
});

describe('the FTN profile: what a broker answers must be encrypted and of an allowed level of assurance', () => {
  const allowed = ['http://ftn.ficora.fi/2017/loa2', 'http://ftn.ficora.fi/2017/loa3'];

  test('an allowed acr passes', () => {
    expect(() => checkAcr('http://ftn.ficora.fi/2017/loa3', allowed)).not.toThrow();
  });

  test('a weaker or unknown acr, or none, is refused with the reason and without personal data', () => {
    expect(() => checkAcr('http://ftn.ficora.fi/2017/loa1', allowed)).toThrow(IdentificationRefused);
    expect(() => checkAcr('http://ftn.ficora.fi/2017/loa1', allowed)).toThrow('acr http://ftn.ficora.fi/2017/loa1 is not allowed');
    expect(() => checkAcr(undefined, allowed)).toThrow('no acr in the ID token');
    expect(() => checkAcr(['http://ftn.ficora.fi/2017/loa3'], allowed)).toThrow(IdentificationRefused);
  });

  test('the signed JWT inside a JWE is used; an answer that was not encrypted is refused', () => {
    expect(innerSignedJwt('eyJ.signed.jwt', 'the ID token')).toBe('eyJ.signed.jwt');
    expect(() => innerSignedJwt(undefined, 'the ID token')).toThrow('the ID token was not encrypted');
    expect(() => innerSignedJwt('', 'userinfo')).toThrow('userinfo was not encrypted');
  });
});
