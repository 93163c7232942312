import { describe, expect, test } from 'vitest';
import { endpointAllowed } from './push-endpoints';

const hosts = ['fcm.googleapis.com', '*.notify.windows.com'];

describe('endpointAllowed', () => {
  test.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://fcm.googleapis.com:443/fcm/send/abc', true],
    ['https://wns2-db5p.notify.windows.com/w/?token=x', true],
    // The bare parent of a wildcard, another host, plain http, another port, credentials, a lookalike suffix.
    ['https://notify.windows.com/w', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evilnotify.windows.com/x', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com:8443/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['not a url', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(endpointAllowed(endpoint, { hosts, standInOrigin: null })).toBe(allowed);
  });

  test('the stand-in is allowed on its own origin only', () => {
    const rule = { hosts, standInOrigin: 'http://127.0.0.1:4567' };
    expect(endpointAllowed('http://127.0.0.1:4567/push/x', rule)).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:4568/push/x', rule)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:4567/push/x', { hosts, standInOrigin: null })).toBe(false);
  });
});
