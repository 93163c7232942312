import { describe, expect, test } from 'vitest';
import { createReadModelCache, type CacheOutcome, type InvalidationReason } from './read-model-cache';

const ORG_A = 'a';
const ORG_B = 'b';

function setup(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 1_000;
  const reads: CacheOutcome[] = [];
  const invalidations: InvalidationReason[] = [];
  const cache = createReadModelCache({
    ttlMs: opts.ttlMs ?? 60_000,
    maxEntries: opts.maxEntries ?? 100,
    now: () => clock,
    events: { read: (_model, outcome) => reads.push(outcome), invalidated: (reason) => invalidations.push(reason) },
  });
  cache.setListening(true);
  let loads = 0;
  const load = (value: string) => async () => {
    loads++;
    return value;
  };
  return { cache, reads, invalidations, load, loads: () => loads, tick: (ms: number) => (clock += ms) };
}

/** A load the test finishes by hand, to order it against invalidations. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('read-model cache', () => {
  test('loads once, then answers from memory; counts hits and misses', async () => {
    const { cache, reads, load, loads } = setup();
    expect(await cache.get('config', ORG_A, '', load('v1'))).toBe('v1');
    expect(await cache.get('config', ORG_A, '', load('v2'))).toBe('v1');
    expect(loads()).toBe(1);
    expect(reads).toEqual(['miss', 'hit']);
  });

  test('peek answers what get would from memory, without loading; nothing while it would load', async () => {
    const { cache, reads, load, loads, tick } = setup({ ttlMs: 1_000 });
    expect(cache.peek('config', ORG_A, '')).toBeUndefined();
    await cache.get('config', ORG_A, '', load('v1'));
    expect(cache.peek('config', ORG_A, '')).toBe('v1');
    expect(cache.peek('config', ORG_A, 'other')).toBeUndefined();
    expect(cache.peek('config', ORG_B, '')).toBeUndefined();
    cache.invalidateScope(ORG_A);
    expect(cache.peek('config', ORG_A, '')).toBeUndefined();
    await cache.get('config', ORG_A, '', load('v2'));
    tick(1_000);
    expect(cache.peek('config', ORG_A, '')).toBeUndefined();
    cache.setListening(false);
    expect(cache.peek('config', ORG_A, '')).toBeUndefined();
    expect(loads()).toBe(2);
    expect(reads).toEqual(['miss', 'hit', 'miss']);
  });

  test('keys by model, organisation and variant: no answer is served for another', async () => {
    const { cache, load } = setup();
    await cache.get('config', ORG_A, '', load('config A'));
    await cache.get('config', ORG_B, '', load('config B'));
    await cache.get('services', ORG_A, '', load('services A'));
    await cache.get('config', ORG_A, 'sv', load('config A sv'));
    expect(await cache.get('config', ORG_A, '', load('x'))).toBe('config A');
    expect(await cache.get('config', ORG_B, '', load('x'))).toBe('config B');
    expect(await cache.get('services', ORG_A, '', load('x'))).toBe('services A');
    expect(await cache.get('config', ORG_A, 'sv', load('x'))).toBe('config A sv');
  });

  test("an organisation's invalidation drops its entries only", async () => {
    const { cache, load, invalidations } = setup();
    await cache.get('config', ORG_A, '', load('A1'));
    await cache.get('services', ORG_A, '', load('SA1'));
    await cache.get('config', ORG_B, '', load('B1'));
    cache.invalidateScope(ORG_A);
    expect(await cache.get('config', ORG_A, '', load('A2'))).toBe('A2');
    expect(await cache.get('services', ORG_A, '', load('SA2'))).toBe('SA2');
    expect(await cache.get('config', ORG_B, '', load('B2'))).toBe('B1');
    expect(invalidations.at(-1)).toBe('notify');
  });

  test("another scope's invalidation leaves a load in flight free to store", async () => {
    const { cache, load, loads } = setup();
    const gate = deferred<string>();
    const pending = cache.get('session', 'session:a', '', () => gate.promise);
    cache.invalidateScope('session:b');
    gate.resolve('a');
    await pending;
    expect(await cache.get('session', 'session:a', '', load('x'))).toBe('a');
    expect(loads()).toBe(0);
  });

  test('nothing found (undefined) is not stored: the next read asks again', async () => {
    const { cache } = setup();
    let loads = 0;
    const none = async () => {
      loads++;
      return undefined;
    };
    expect(await cache.get('session', 'session:made-up', '', none)).toBeUndefined();
    expect(await cache.get('session', 'session:made-up', '', none)).toBeUndefined();
    expect(loads).toBe(2);
    expect(cache.size()).toBe(0);
  });

  test('entries expire after the TTL', async () => {
    const { cache, load, tick } = setup({ ttlMs: 1_000 });
    await cache.get('config', ORG_A, '', load('old'));
    tick(999);
    expect(await cache.get('config', ORG_A, '', load('new'))).toBe('old');
    tick(1);
    expect(await cache.get('config', ORG_A, '', load('new'))).toBe('new');
  });

  test('expired entries go as new ones are stored, not only when read again', async () => {
    const { cache, load, tick } = setup({ ttlMs: 1_000 });
    for (const scope of ['p1', 'p2', 'p3']) await cache.get('user-info', scope, '', load(scope));
    tick(600);
    await cache.get('user-info', 'p4', '', load('p4'));
    expect(cache.size()).toBe(4);
    tick(400);
    // p1–p3 are past their time: storing p5 lets them go; p4 has 600 ms left and stays.
    await cache.get('user-info', 'p5', '', load('p5'));
    expect(cache.size()).toBe(2);
    expect(await cache.get('user-info', 'p4', '', load('p4 again'))).toBe('p4');
  });

  test('holds at most maxEntries, dropping the oldest', async () => {
    const { cache, load } = setup({ maxEntries: 2 });
    await cache.get('config', 'o1', '', load('1'));
    await cache.get('config', 'o2', '', load('2'));
    await cache.get('config', 'o3', '', load('3'));
    expect(cache.size()).toBe(2);
    expect(await cache.get('config', 'o1', '', load('1 again'))).toBe('1 again');
    expect(await cache.get('config', 'o3', '', load('x'))).toBe('3');
  });

  test('concurrent misses share one load', async () => {
    const { cache } = setup();
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const both = Promise.all([cache.get('config', ORG_A, '', load), cache.get('config', ORG_A, '', load)]);
    gate.resolve('v');
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  test('a load that started before an invalidation is not stored, and later reads do not join it', async () => {
    const { cache, load } = setup();
    const before = deferred<string>();
    const first = cache.get('config', ORG_A, '', () => before.promise);
    cache.invalidateScope(ORG_A);
    // Read after the write: loads afresh instead of waiting for the old load.
    expect(await cache.get('config', ORG_A, '', load('after'))).toBe('after');
    before.resolve('before');
    expect(await first).toBe('before');
    cache.invalidateScope(ORG_A);
    expect(await cache.get('config', ORG_A, '', load('fresh'))).toBe('fresh');
  });

  test('a stale load finishing after an invalidation never overwrites the fresh entry', async () => {
    const { cache, load } = setup();
    const before = deferred<string>();
    const first = cache.get('config', ORG_A, '', () => before.promise);
    cache.invalidateScope(ORG_A);
    await cache.get('config', ORG_A, '', load('after'));
    before.resolve('before');
    await first;
    expect(await cache.get('config', ORG_A, '', load('x'))).toBe('after');
  });

  test('a failed load is not stored and the next read tries again', async () => {
    const { cache, load } = setup();
    await expect(cache.get('config', ORG_A, '', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('config', ORG_A, '', load('ok'))).toBe('ok');
  });

  test('while the listener is down nothing is cached, and it starts empty when back', async () => {
    const { cache, load, reads, loads } = setup();
    await cache.get('config', ORG_A, '', load('v1'));
    cache.setListening(false);
    expect(cache.size()).toBe(0);
    expect(await cache.get('config', ORG_A, '', load('v2'))).toBe('v2');
    expect(await cache.get('config', ORG_A, '', load('v3'))).toBe('v3');
    cache.setListening(true);
    expect(await cache.get('config', ORG_A, '', load('v4'))).toBe('v4');
    expect(await cache.get('config', ORG_A, '', load('v5'))).toBe('v4');
    expect(reads).toEqual(['miss', 'bypass', 'bypass', 'miss', 'hit']);
    expect(loads()).toBe(4);
  });

  test('a load in flight when the listener drops is not stored', async () => {
    const { cache, load } = setup();
    const gate = deferred<string>();
    const pending = cache.get('config', ORG_A, '', () => gate.promise);
    cache.setListening(false);
    gate.resolve('during');
    await pending;
    cache.setListening(true);
    expect(await cache.get('config', ORG_A, '', load('after'))).toBe('after');
  });

  test('a TTL of 0 turns caching off', async () => {
    const { cache, load, loads } = setup({ ttlMs: 0 });
    expect(cache.serving()).toBe(false);
    await cache.get('config', ORG_A, '', load('1'));
    await cache.get('config', ORG_A, '', load('2'));
    expect(loads()).toBe(2);
  });

  test('serves from memory only while listening with a TTL above 0', () => {
    const { cache } = setup();
    expect(cache.serving()).toBe(true);
    cache.setListening(false);
    expect(cache.serving()).toBe(false);
  });
});
