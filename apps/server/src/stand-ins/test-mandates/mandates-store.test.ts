import { describe, expect, test } from 'vitest';
import { CODE_TTL_MS, createMandatesStore, TOKEN_TTL_MS } from './mandates-store';
import { hasMandate, principalsOf } from './test-mandates-data';

function clockedStore() {
  let now = Date.parse('2024-05-01T10:00:00Z');
  const store = createMandatesStore(() => now);
  return { store, advance: (ms: number) => (now += ms) };
}

describe('authorization codes of the test mandate service', () => {
  test('are single use', () => {
    const { store } = clockedStore();
    const session = store.openSession('010190-124N');
    const code = store.issueCode(session.sessionId, 'https://x/cb');
    expect(store.takeCode(code)).toMatchObject({ sessionId: session.sessionId, redirectUri: 'https://x/cb' });
    expect(store.takeCode(code)).toBeUndefined();
  });

  test('last five minutes', () => {
    const { store, advance } = clockedStore();
    const session = store.openSession('010190-124N');
    const fresh = store.issueCode(session.sessionId, 'https://x/cb');
    const stale = store.issueCode(session.sessionId, 'https://x/cb');
    advance(CODE_TTL_MS - 1);
    expect(store.takeCode(fresh)).toBeDefined();
    advance(1);
    expect(CODE_TTL_MS).toBe(5 * 60 * 1000);
    expect(store.takeCode(stale)).toBeUndefined();
  });

  test('access tokens expire, and sessions are found by their user id', () => {
    const { store, advance } = clockedStore();
    const session = store.openSession('010190-124N');
    expect(store.sessionOfUser(session.userId)?.sessionId).toBe(session.sessionId);
    const token = store.issueToken(session.sessionId);
    expect(store.token(token)?.sessionId).toBe(session.sessionId);
    advance(TOKEN_TTL_MS);
    expect(store.token(token)).toBeUndefined();
  });
});

describe('the test mandates', () => {
  test('Aino may act for her children, Matti for Helmi, others for nobody', () => {
    expect(principalsOf('010190-124N').map((p) => p.givenName)).toEqual(['Lilja', 'Elias']);
    expect(principalsOf('150375-257R').map((p) => p.givenName)).toEqual(['Helmi']);
    expect(principalsOf('171185X584L')).toEqual([]);
    expect(hasMandate('010190-124N', '120315A456R')).toBe(true);
    expect(hasMandate('150375-257R', '120315A456R')).toBe(false);
  });
});
