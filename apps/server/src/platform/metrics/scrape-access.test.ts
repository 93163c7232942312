import { describe, expect, test } from 'vitest';
import { mayScrape } from './scrape-access';

const TOKEN = 'a-metrics-token-of-at-least-32-characters';

describe('with METRICS_TOKEN set', () => {
  test.each([true, false])('production=%s: the bearer token opens it, from anywhere', (production) => {
    const rule = { token: TOKEN, production };
    expect(mayScrape(rule, { authorization: `Bearer ${TOKEN}`, local: false })).toBe(true);
    expect(mayScrape(rule, { authorization: `bearer  ${TOKEN}`, local: false })).toBe(true);
  });

  test.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer a-metrics-token-of-at-least-32-characterz'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token and more', `Bearer ${TOKEN}x`],
    ['another scheme', `Basic ${TOKEN}`],
    ['the bare token', TOKEN],
    ['an empty bearer', 'Bearer '],
  ])('%s is refused, on this machine too', (_what, authorization) => {
    expect(mayScrape({ token: TOKEN, production: false }, { authorization, local: true })).toBe(false);
  });
});

describe('without METRICS_TOKEN', () => {
  test('outside production: requests made on this machine only', () => {
    const rule = { token: undefined, production: false };
    expect(mayScrape(rule, { authorization: undefined, local: true })).toBe(true);
    expect(mayScrape(rule, { authorization: undefined, local: false })).toBe(false);
  });

  test('in production: nobody, whatever they send', () => {
    const rule = { token: undefined, production: true };
    expect(mayScrape(rule, { authorization: undefined, local: true })).toBe(false);
    expect(mayScrape(rule, { authorization: `Bearer ${TOKEN}`, local: true })).toBe(false);
  });
});
