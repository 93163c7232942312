import { describe, expect, test } from 'vitest';
import { compact, email, newPasswordErrors, passwordsMatch, passwordStrength, required } from './validation';

describe('staff form rules (spec §5)', () => {
  test('a required value must have more than spaces', () => {
    expect(required('')).toBe('required');
    expect(required('   ')).toBe('required');
    expect(required(undefined)).toBe('required');
    expect(required('Aino')).toBeUndefined();
  });

  test('e-mail addresses follow the contract rule', () => {
    expect(email('')).toBe('required');
    expect(email('aino@')).toBe('email');
    expect(email('aino.example.fi')).toBe('email');
    expect(email(' Aino@Example.FI ')).toBeUndefined();
  });

  test('a password needs 12 characters with digits, lower and upper case letters', () => {
    expect(passwordStrength('')).toBe('required');
    expect(passwordStrength('Short1a')).toBe('passwordWeak');
    expect(passwordStrength('alllowercase123')).toBe('passwordWeak');
    expect(passwordStrength('ALLUPPERCASE123')).toBe('passwordWeak');
    expect(passwordStrength('NoDigitsAtAllHere')).toBe('passwordWeak');
    expect(passwordStrength('Exactly12Chr')).toBeUndefined();
    expect(passwordStrength('Ääkkösiä-ja-1-ISO')).toBeUndefined();
  });

  test('the two entries must match', () => {
    expect(passwordsMatch('Demo-Password-2026', '')).toBe('required');
    expect(passwordsMatch('Demo-Password-2026', 'Demo-Password-2025')).toBe('passwordMismatch');
    expect(passwordsMatch('Demo-Password-2026', 'Demo-Password-2026')).toBeUndefined();
  });

  test('a new password is checked for both rules at once, under the request field names', () => {
    expect(newPasswordErrors('weak', 'other')).toEqual({ password: 'passwordWeak', passwordAgain: 'passwordMismatch' });
    expect(newPasswordErrors('Demo-Password-2026', 'Demo-Password-2026')).toEqual({});
  });

  test('compact keeps only the failures', () => {
    expect(compact({ a: undefined, b: 'required' })).toEqual({ b: 'required' });
  });
});
