import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createFieldCipher } from './field-cipher';

const KEY = 'unit-test-secret-that-is-at-least-32-chars';
const OTHER_KEY = 'another-unit-test-secret-of-32-chars-or-more';
const cipher = createFieldCipher(KEY);

/** Flips the lowest bit of the first byte of one dot-separated part of a stored value. */
function tamper(stored: string, part: number): string {
  const parts = stored.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('encrypt and decrypt', () => {
  test.each([['010190-124N'], ['050623B3498'], [''], ['Åsa Öhman – ääkköset ja emoji 🙂'], ['x'.repeat(10_000)]])(
    'round trip of %j',
    (plain) => {
      const stored = cipher.encrypt(plain);
      expect(cipher.decrypt(stored)).toBe(plain);
    },
  );

  test('the stored form is v1.<iv>.<tag>.<ciphertext>, with a 12-byte IV and a 16-byte tag, and hides the text', () => {
    const stored = cipher.encrypt('010190-124N');
    const [version, iv, tag, data] = stored.split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(data!, 'base64url')).toHaveLength('010190-124N'.length);
    expect(stored).not.toContain('010190');
  });

  test('a random IV: encrypting the same text twice gives different values that both decrypt', () => {
    const first = cipher.encrypt('010190-124N');
    const second = cipher.encrypt('010190-124N');
    expect(first).not.toBe(second);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(cipher.decrypt(first)).toBe('010190-124N');
    expect(cipher.decrypt(second)).toBe('010190-124N');
  });

  test('a cipher made from the same secret reads what another wrote (a restart or a second instance)', () => {
    expect(createFieldCipher(KEY).decrypt(cipher.encrypt('010190-124N'))).toBe('010190-124N');
  });
});

describe('tampering is detected', () => {
  const stored = cipher.encrypt('010190-124N');

  test.each([
    [1, 'IV'],
    [2, 'authentication tag'],
    [3, 'ciphertext'],
  ])('a flipped bit in part %i (%s) throws', (part) => {
    const spoiled = tamper(stored, part);
    expect(spoiled).not.toBe(stored);
    expect(() => cipher.decrypt(spoiled)).toThrow();
  });

  test('a value swapped between two ciphertexts (tag of one, data of another) throws', () => {
    const other = cipher.encrypt('150375-257R').split('.');
    const [v, iv, , data] = stored.split('.');
    expect(() => cipher.decrypt([v, iv, other[2], data].join('.'))).toThrow();
  });

  test('a different secret cannot decrypt', () => {
    expect(() => createFieldCipher(OTHER_KEY).decrypt(stored)).toThrow();
  });

  test.each([
    ['unknown version', stored.replace(/^v1\./, 'v2.')],
    ['missing parts', stored.split('.').slice(0, 3).join('.')],
    ['plain text', '010190-124N'],
    ['empty', ''],
  ])('%s throws', (_name, value) => {
    expect(() => cipher.decrypt(value)).toThrow();
  });

  test('the format check names the problem', () => {
    expect(() => cipher.decrypt('v2.a.b.c')).toThrow('Unknown field cipher format');
  });
});

describe('keyedHash', () => {
  test('deterministic: the same value hashes the same, also in a new cipher from the same secret', () => {
    expect(cipher.keyedHash('010190-124N')).toBe(cipher.keyedHash('010190-124N'));
    expect(createFieldCipher(KEY).keyedHash('010190-124N')).toBe(cipher.keyedHash('010190-124N'));
  });

  test('hex SHA-256 length, not the value itself', () => {
    const hash = cipher.keyedHash('010190-124N');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('010190');
  });

  test('different values give different hashes', () => {
    expect(cipher.keyedHash('010190-124N')).not.toBe(cipher.keyedHash('150375-257R'));
    // Case is significant: callers normalise before hashing.
    expect(cipher.keyedHash('290200A2468')).not.toBe(cipher.keyedHash('290200a2468'));
  });

  test('depends on the key', () => {
    expect(createFieldCipher(OTHER_KEY).keyedHash('010190-124N')).not.toBe(cipher.keyedHash('010190-124N'));
  });

  test('is not an unkeyed SHA-256 of the value', () => {
    expect(cipher.keyedHash('010190-124N')).not.toBe(createHash('sha256').update('010190-124N').digest('hex'));
  });
});
