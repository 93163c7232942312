import { createHmac, webcrypto } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { mandatesChecksum, mandatesSignatureHeader, verifyMandatesSignature } from './mandates-signing';

const KEY = 'prsp-test-api-key-0001';
const PATH = '/service/hpa/user/register/a1b2c3d4/010190-124N?requestId=req-1';
const TIMESTAMP = '2024-05-01T10:00:00.000Z';
// Computed outside this code base: printf '%s' "$PATH $TIMESTAMP" | openssl dgst -sha256 -hmac "$KEY" -binary | base64
const EXPECTED = 'hsATUIc/t3XcB9+QQmhARAXtsttgMFpa3YJqRokeDoI=';

describe('the checksum of the X-AsiointivaltuudetAuthorization header', () => {
  test('matches a vector computed independently with openssl', () => {
    expect(mandatesChecksum(KEY, PATH, TIMESTAMP)).toBe(EXPECTED);
  });

  test('matches WebCrypto HMAC-SHA256 over path, one space and time stamp', async () => {
    const key = await webcrypto.subtle.importKey('raw', new TextEncoder().encode(KEY), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = await webcrypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${PATH} ${TIMESTAMP}`));
    expect(Buffer.from(mac).toString('base64')).toBe(EXPECTED);
  });

  test('changes with the query string, the time stamp and the key', () => {
    expect(mandatesChecksum(KEY, PATH.replace('req-1', 'req-2'), TIMESTAMP)).not.toBe(EXPECTED);
    expect(mandatesChecksum(KEY, PATH, '2024-05-01T10:00:01.000Z')).not.toBe(EXPECTED);
    expect(mandatesChecksum(`${KEY}x`, PATH, TIMESTAMP)).not.toBe(EXPECTED);
  });
});

describe('the header value', () => {
  test('is client id, ISO 8601 UTC time stamp and checksum separated by spaces', () => {
    const value = mandatesSignatureHeader({ clientId: 'a1b2c3d4', apiKey: KEY, pathWithQuery: PATH, now: new Date(TIMESTAMP) });
    expect(value).toBe(`a1b2c3d4 ${TIMESTAMP} ${EXPECTED}`);
  });
});

describe('verifying a header as the service does', () => {
  const now = new Date(TIMESTAMP);
  const expected = { clientId: 'a1b2c3d4', apiKey: KEY, pathWithQuery: PATH, now };
  const signedAt = (at: Date, path = PATH, key = KEY) =>
    mandatesSignatureHeader({ clientId: 'a1b2c3d4', apiKey: key, pathWithQuery: path, now: at });

  test('accepts a fresh, correct header, also with the clocks up to 5 minutes apart', () => {
    expect(verifyMandatesSignature(signedAt(now), expected)).toBeNull();
    expect(verifyMandatesSignature(signedAt(new Date(now.getTime() - 5 * 60_000)), expected)).toBeNull();
    expect(verifyMandatesSignature(signedAt(new Date(now.getTime() + 5 * 60_000)), expected)).toBeNull();
  });

  test('refuses a time stamp more than 5 minutes off either way', () => {
    expect(verifyMandatesSignature(signedAt(new Date(now.getTime() - 5 * 60_000 - 1)), expected)).toBe('stale');
    expect(verifyMandatesSignature(signedAt(new Date(now.getTime() + 5 * 60_000 + 1)), expected)).toBe('stale');
  });

  test('refuses another key, another path, another client and a missing or malformed header', () => {
    expect(verifyMandatesSignature(signedAt(now, PATH, 'another-key-0000'), expected)).toBe('badChecksum');
    expect(verifyMandatesSignature(signedAt(now, `${PATH}&extra=1`), expected)).toBe('badChecksum');
    expect(verifyMandatesSignature(signedAt(now).replace('a1b2c3d4', 'zzzzzzzz'), expected)).toBe('unknownClient');
    expect(verifyMandatesSignature(undefined, expected)).toBe('missing');
    expect(verifyMandatesSignature(`a1b2c3d4:${TIMESTAMP}:${EXPECTED}`, expected)).toBe('malformed');
    expect(verifyMandatesSignature(`a1b2c3d4 yesterday ${EXPECTED}`, expected)).toBe('malformed');
  });

  test('a checksum made with node:crypto directly verifies', () => {
    const checksum = createHmac('sha256', KEY).update(`${PATH} ${TIMESTAMP}`).digest('base64');
    expect(verifyMandatesSignature(`a1b2c3d4 ${TIMESTAMP} ${checksum}`, expected)).toBeNull();
  });
});
