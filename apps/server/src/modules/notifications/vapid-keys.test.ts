import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import webPush from 'web-push';
import { ConfigError, loadConfig } from '../../config';
import { PRODUCTION_ENV } from '../../test/production-env';
import { DEMO_VAPID_FILE, resolveVapidKeys } from './vapid-keys';

const KEYS = webPush.generateVAPIDKeys();
const OWN = { VAPID_PUBLIC_KEY: KEYS.publicKey, VAPID_PRIVATE_KEY: KEYS.privateKey, VAPID_SUBJECT: 'mailto:it@example.fi' };

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return '';
}

describe('web push configuration', () => {
  test('production: push off without keys, on with a pair of its own; no stand-in', () => {
    expect(loadConfig(PRODUCTION_ENV).push).toMatchObject({ vapid: null, standInEnabled: false });
    expect(loadConfig({ ...PRODUCTION_ENV, ...OWN }).push).toMatchObject({ vapid: KEYS, subject: 'mailto:it@example.fi' });
  });

  test('refuses half a pair, malformed keys, the demo contact and the stand-in in production', () => {
    expect(problems({ ...PRODUCTION_ENV, VAPID_PUBLIC_KEY: KEYS.publicKey })).toContain('VAPID_PRIVATE_KEY: set both');
    expect(problems({ ...PRODUCTION_ENV, ...OWN, VAPID_PRIVATE_KEY: 'short' })).toContain('VAPID_PRIVATE_KEY');
    expect(problems({ ...PRODUCTION_ENV, ...OWN, VAPID_SUBJECT: 'push@example.fi' })).toContain('VAPID_SUBJECT');
    expect(problems({ ...PRODUCTION_ENV, ...OWN, VAPID_SUBJECT: '' })).toContain('VAPID_SUBJECT: set your own contact');
    expect(problems({ ...PRODUCTION_ENV, PUSH_SERVICE_STAND_IN_ENABLED: 'true' })).toContain('the built-in push service is refused');
  });

  test('PUSH_ENDPOINT_HOSTS replaces the list of push services', () => {
    expect(loadConfig({}).push.endpointHosts).toContain('fcm.googleapis.com');
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: 'Push.Example.fi, *.push.example.fi' }).push.endpointHosts).toEqual([
      'push.example.fi',
      '*.push.example.fi',
    ]);
  });
});

describe('resolveVapidKeys', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the demo generates a pair once, keeps it in DATA_DIR readable by the owner only, and reuses it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'prsp-vapid-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = await resolveVapidKeys(config);
    expect(first!.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await stat(path.join(dir, DEMO_VAPID_FILE))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path.join(dir, DEMO_VAPID_FILE), 'utf8'))).toEqual(first);
    expect(await resolveVapidKeys(config)).toEqual(first);
  });

  test('configured keys win; production without them has none; tests get a pair in memory', async () => {
    expect(await resolveVapidKeys(loadConfig({ ...PRODUCTION_ENV, ...OWN }))).toEqual(KEYS);
    expect(await resolveVapidKeys(loadConfig(PRODUCTION_ENV))).toBeNull();
    dir = await mkdtemp(path.join(tmpdir(), 'prsp-vapid-'));
    const keys = await resolveVapidKeys(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
    expect(keys!.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(stat(path.join(dir, DEMO_VAPID_FILE))).rejects.toThrow();
  });
});
