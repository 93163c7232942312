import { describe, expect, test } from 'vitest';
import { isFreshIdentification } from './oidc-client';

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
