import { describe, expect, test } from 'vitest';
import { isStrongPassword, ZNewPassword, ZSetPasswordRequest, ZStaffLoginRequest } from './staff';

describe('isStrongPassword (spec §5)', () => {
  test('12 or more characters with a digit, a lower and an upper case letter', () => {
    expect(isStrongPassword('Abcdefghij12')).toBe(true);
    expect(isStrongPassword('Abcdefghi12')).toBe(false);
    expect(isStrongPassword('abcdefghij12')).toBe(false);
    expect(isStrongPassword('ABCDEFGHIJ12')).toBe(false);
    expect(isStrongPassword('Abcdefghijkl')).toBe(false);
  });
  test('letters beyond ASCII count, and length is in characters', () => {
    expect(isStrongPassword('Äänimerkki-1x')).toBe(true);
    expect(isStrongPassword('Åå1😀😀😀😀😀😀😀😀😀')).toBe(true);
  });
});

describe('ZNewPassword', () => {
  test('weak and mismatched entries give their field keys', () => {
    const weak = ZNewPassword.safeParse({ password: 'short', passwordAgain: 'short' });
    expect(weak.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', 'passwordWeak']]);
    const differ = ZNewPassword.safeParse({ password: 'Abcdefghij12', passwordAgain: 'Abcdefghij13' });
    expect(differ.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['passwordAgain', 'passwordMismatch']]);
    expect(ZNewPassword.safeParse({ password: 'Abcdefghij12', passwordAgain: 'Abcdefghij12' }).success).toBe(true);
  });
});

test('the server request checks only the match: strength is the 802 answer', () => {
  expect(ZSetPasswordRequest.safeParse({ token: 't', password: 'weak', passwordAgain: 'weak' }).success).toBe(true);
  expect(ZSetPasswordRequest.safeParse({ token: 't', password: 'weak', passwordAgain: 'Weak' }).success).toBe(false);
});

test('the login user name is trimmed and lower-cased', () => {
  expect(ZStaffLoginRequest.parse({ username: ' A@B.fi ', password: 'x', app_role: 'admin' }).username).toBe('a@b.fi');
});
