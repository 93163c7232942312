import { describe, expect, test } from 'vitest';
import { flowUsable, MANDATE_FLOW_TTL_MS, mandatesLanguage, redirectOutcome, splitPersonName, statesMatch } from './on-behalf-flow';

describe('the state binding the flow to the browser', () => {
  test('matches only when the cookie and the URL carry the same value', () => {
    expect(statesMatch('abc', 'abc')).toBe(true);
    expect(statesMatch('abc', 'abd')).toBe(false);
    expect(statesMatch(undefined, 'abc')).toBe(false);
    expect(statesMatch('abc', undefined)).toBe(false);
    expect(statesMatch('', '')).toBe(false);
  });
});

describe('a stored flow', () => {
  const now = new Date('2024-05-01T10:00:00Z');
  const flow = (ageMs: number, sessionId = 's1') => ({ sessionId, createdAt: new Date(now.getTime() - ageMs) });

  test('is usable by its own session within 10 minutes', () => {
    expect(flowUsable(flow(0), 's1', now)).toBe(true);
    expect(flowUsable(flow(MANDATE_FLOW_TTL_MS), 's1', now)).toBe(true);
    expect(MANDATE_FLOW_TTL_MS).toBe(10 * 60 * 1000);
  });

  test('is void after 10 minutes, for another session, from the future, or when already used (gone)', () => {
    expect(flowUsable(flow(MANDATE_FLOW_TTL_MS + 1), 's1', now)).toBe(false);
    expect(flowUsable(flow(0, 's2'), 's1', now)).toBe(false);
    expect(flowUsable(flow(-1000), 's1', now)).toBe(false);
    expect(flowUsable(undefined, 's1', now)).toBe(false);
  });
});

describe("the mandate service's redirect", () => {
  test('carries a code to exchange', () => {
    expect(redirectOutcome({ code: 'c1', state: 's' })).toEqual({ code: 'c1' });
  });

  test('access_denied is a cancel; any other error or no code is a failure', () => {
    expect(redirectOutcome({ error: 'access_denied', state: 's' })).toEqual({ refused: 'cancelled' });
    expect(redirectOutcome({ error: 'server_error' })).toEqual({ refused: 'failed' });
    expect(redirectOutcome({ error: 'access_denied', code: 'c1' })).toEqual({ refused: 'cancelled' });
    expect(redirectOutcome({ state: 's' })).toEqual({ refused: 'failed' });
  });
});

describe('names and languages', () => {
  test('the last word of the display name is the family name', () => {
    expect(splitPersonName('Lilja Virtanen')).toEqual({ givenName: 'Lilja', familyName: 'Virtanen' });
    expect(splitPersonName('  Anna Maria   Korhonen-Laine ')).toEqual({ givenName: 'Anna Maria', familyName: 'Korhonen-Laine' });
    expect(splitPersonName('Helmi')).toEqual({ givenName: 'Helmi', familyName: '' });
    expect(splitPersonName('')).toEqual({ givenName: '', familyName: '' });
  });

  test('Swedish is sv at the mandate service', () => {
    expect(mandatesLanguage('se')).toBe('sv');
    expect(mandatesLanguage('fi')).toBe('fi');
    expect(mandatesLanguage('en')).toBe('en');
  });
});
