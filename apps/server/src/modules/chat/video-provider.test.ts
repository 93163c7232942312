import { describe, expect, test } from 'vitest';
import { VIDEO_LIMITS } from '@prsp/contracts';
import { leastLoaded, publishersFor } from './janus-provider';
import { createVideoProvider, meshProvider, providerFor } from './video-provider';

const one = [{ url: 'ws://10.0.0.5:8188', publicUrl: 'wss://janus1.example/ws' }];

describe('which path a call takes', () => {
  test('VIDEO_PROVIDER=janus: every call through Janus, one-to-one too', () => {
    expect(providerFor({ provider: 'janus', janus: one }, 2)).toBe('janus');
  });

  test('mesh with JANUS_URL: Janus only for groups above VIDEO_LIMITS.meshMax', () => {
    expect(providerFor({ provider: 'mesh', janus: one }, VIDEO_LIMITS.meshMax)).toBe('mesh');
    expect(providerFor({ provider: 'mesh', janus: one }, VIDEO_LIMITS.meshMax + 1)).toBe('janus');
  });

  test('mesh without Janus: mesh always, whatever the size (and no Janus client at all)', () => {
    expect(providerFor({ provider: 'mesh', janus: [] }, 12)).toBe('mesh');
    const config = {
      provider: 'mesh' as const,
      janus: [],
      stunUrls: [],
      turnUrls: [],
      turnSecret: 'x',
      turnTtlSeconds: 60,
      icePolicy: 'all' as const,
    };
    expect(
      createVideoProvider({ ...config, janusAdminKey: undefined }, { db: null as never, cipher: null as never, log: null as never }),
    ).toBe(meshProvider);
  });
});

describe('which Janus instance a new room goes to', () => {
  const a = { url: 'ws://a:8188', publicUrl: 'wss://a/ws' };
  const b = { url: 'ws://b:8188', publicUrl: 'wss://b/ws' };
  const c = { url: 'ws://c:8188', publicUrl: 'wss://c/ws' };

  test('the one with the fewest live rooms; the first listed on a tie; one not in the counts has none', () => {
    expect(leastLoaded([a, b, c], new Map())).toBe(a);
    expect(
      leastLoaded(
        [a, b, c],
        new Map([
          ['ws://a:8188', 2],
          ['ws://b:8188', 1],
          ['ws://c:8188', 1],
        ]),
      ),
    ).toBe(b);
    expect(
      leastLoaded(
        [a, b, c],
        new Map([
          ['ws://a:8188', 1],
          ['ws://b:8188', 1],
        ]),
      ),
    ).toBe(c);
    // Rows of an instance no longer configured do not matter.
    expect(
      leastLoaded(
        [b],
        new Map([
          ['ws://a:8188', 0],
          ['ws://b:8188', 7],
        ]),
      ),
    ).toBe(b);
  });

  test('no instance: an error, not a silent mesh', () => {
    expect(() => leastLoaded([], new Map())).toThrow(/no Janus/);
  });

  test('a room admits the expected group and a few more', () => {
    expect(publishersFor(2)).toBe(8);
    expect(publishersFor(10)).toBe(14);
  });
});
