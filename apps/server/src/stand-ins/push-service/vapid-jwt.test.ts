import { describe, expect, test } from 'vitest';
import webPush from 'web-push';
import { verifyVapid } from './vapid-jwt';

const AUDIENCE = 'http://127.0.0.1:4567';
const keys = webPush.generateVAPIDKeys();
const header = (audience = AUDIENCE, subject = 'mailto:push@example.fi', expiration?: number) =>
  webPush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, 'aes128gcm', expiration).Authorization;

describe('verifyVapid', () => {
  test('accepts a JWT web-push signs for this push service', () => {
    expect(verifyVapid(header(), AUDIENCE, new Date())).toMatchObject({ publicKey: keys.publicKey, subject: 'mailto:push@example.fi' });
  });

  test('refuses another audience, an expired token, a forged signature, a missing header', () => {
    expect(() => verifyVapid(header('https://other.example'), AUDIENCE, new Date())).toThrow('aud');
    const soon = Math.floor(Date.now() / 1000) + 60;
    expect(() => verifyVapid(header(AUDIENCE, undefined, soon), AUDIENCE, new Date(Date.now() + 120_000))).toThrow('expired');
    const other = webPush.generateVAPIDKeys();
    const forged = header().replace(/k=.*$/, `k=${other.publicKey}`);
    expect(() => verifyVapid(forged, AUDIENCE, new Date())).toThrow('bad signature');
    expect(() => verifyVapid(undefined, AUDIENCE, new Date())).toThrow('no vapid');
  });
});
