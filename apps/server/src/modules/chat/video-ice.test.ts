import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { iceServersFor, turnCredentials } from './video-ice';

const USER = '3f1c2d9e-aaaa-4bbb-8ccc-123456789abc';

describe('TURN credentials (coturn REST API, use-auth-secret)', () => {
  test('username is expiry:user and the password base64(HMAC-SHA1(secret, username)), a known vector', () => {
    // Computed apart with Python's hmac: base64(hmac.new(secret, username, sha1).digest()).
    const c = turnCredentials('north-secret-for-coturn-0001', USER, 1_700_003_600);
    expect(c).toEqual({ username: `1700003600:${USER}`, credential: 'VTRpQgoNWjl8apnsepojhMJp4Jg=' });
    expect(c.credential).toBe(createHmac('sha1', 'north-secret-for-coturn-0001').update(c.username).digest('base64'));
  });

  test('the same user gets another password at another expiry, and another secret gives another password', () => {
    const a = turnCredentials('s'.repeat(20), USER, 1000);
    expect(turnCredentials('s'.repeat(20), USER, 1001).credential).not.toBe(a.credential);
    expect(turnCredentials('t'.repeat(20), USER, 1000).credential).not.toBe(a.credential);
  });
});

describe('ICE servers for a participant', () => {
  const base = { stunUrls: [], turnUrls: [], turnSecret: 'x'.repeat(20), turnTtlSeconds: 3600, icePolicy: 'all' as const };

  test('nothing configured: no ICE servers (loopback demo)', () => {
    expect(iceServersFor(base, USER)).toEqual({ iceServers: [], iceTransportPolicy: 'all' });
  });

  test('STUN as configured, TURN with credentials that lapse after the TTL, the policy passed on', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const r = iceServersFor(
      {
        ...base,
        stunUrls: ['stun:turn.example:3478'],
        turnUrls: ['turn:turn.example:3478?transport=udp', 'turns:turn.example:443?transport=tcp'],
        icePolicy: 'relay',
      },
      USER,
      now,
    );
    expect(r.iceTransportPolicy).toBe('relay');
    expect(r.iceServers[0]).toEqual({ urls: ['stun:turn.example:3478'] });
    const turn = r.iceServers[1]!;
    expect(turn.urls).toEqual(['turn:turn.example:3478?transport=udp', 'turns:turn.example:443?transport=tcp']);
    expect(turn.username).toBe(`${now.getTime() / 1000 + 3600}:${USER}`);
    expect(turn.credential).toBe(turnCredentials(base.turnSecret, USER, now.getTime() / 1000 + 3600).credential);
  });
});

describe('video configuration', () => {
  test('defaults: mesh, no Janus, no ICE servers, TTL from the contract', () => {
    const v = loadConfig({}).video;
    expect(v).toMatchObject({ provider: 'mesh', janus: [], stunUrls: [], turnUrls: [], turnTtlSeconds: 3600, icePolicy: 'all' });
  });

  test('lists are split; public Janus addresses pair with JANUS_URL in order', () => {
    const v = loadConfig({
      VIDEO_PROVIDER: 'janus',
      JANUS_URL: 'ws://10.0.0.5:8188, ws://10.0.0.6:8188',
      JANUS_PUBLIC_URL: 'wss://janus1.example/ws,wss://janus2.example/ws',
      TURN_URLS: 'turn:turn.example:3478?transport=udp,turns:turn.example:443?transport=tcp',
      TURN_SECRET: 'a-long-coturn-secret-0001',
    }).video;
    expect(v.janus).toEqual([
      { url: 'ws://10.0.0.5:8188', publicUrl: 'wss://janus1.example/ws' },
      { url: 'ws://10.0.0.6:8188', publicUrl: 'wss://janus2.example/ws' },
    ]);
    expect(v.turnUrls).toHaveLength(2);
  });

  test('refused: janus without JANUS_URL, mismatched public list, relay without TURN, bad schemes', () => {
    expect(() => loadConfig({ VIDEO_PROVIDER: 'janus' })).toThrow(/JANUS_URL/);
    expect(() => loadConfig({ JANUS_URL: 'ws://a:1,ws://b:1', JANUS_PUBLIC_URL: 'wss://a/ws' })).toThrow(/JANUS_PUBLIC_URL/);
    expect(() => loadConfig({ VIDEO_ICE_POLICY: 'relay' })).toThrow(/VIDEO_ICE_POLICY/);
    expect(() => loadConfig({ JANUS_URL: 'http://10.0.0.5:8088' })).toThrow(/JANUS_URL/);
    expect(() => loadConfig({ TURN_URLS: 'stun:turn.example:3478' })).toThrow(/TURN_URLS/);
  });

  test('production refuses the demo TURN secret when TURN is configured', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', TURN_URLS: 'turn:turn.example:3478' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/TURN_SECRET/);
  });
});
