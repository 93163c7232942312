import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { guestLoginErrors, guestLoginFailure, pinInput } from './guest-login-rules';

describe('guestLoginErrors (spec §5 guest login)', () => {
  it('needs both fields', () => {
    expect(guestLoginErrors('', '')).toEqual({ email: 'emailRequired', pin: 'pinRequired' });
    expect(guestLoginErrors('   ', '123456')).toEqual({ email: 'emailRequired' });
  });

  it('wants a well-formed e-mail', () => {
    for (const bad of ['guest', 'guest@', '@example.com', 'a b@example.com', `${'a'.repeat(250)}@example.com`])
      expect(guestLoginErrors(bad, '123456')).toEqual({ email: 'emailMalformed' });
    expect(guestLoginErrors(' guest@example.com ', '123456')).toEqual({});
  });

  it('wants exactly 6 digits', () => {
    for (const bad of ['12345', '1234567', '12345a', '12 345', '١٢٣٤٥٦'])
      expect(guestLoginErrors('guest@example.com', bad)).toEqual({ pin: 'pinMalformed' });
    expect(guestLoginErrors('guest@example.com', '012345')).toEqual({});
  });
});

describe('guestLoginFailure (spec §8 guest)', () => {
  it('maps 101 to the wrong PIN text, refused fields to check fields, the rest to unable to login', () => {
    expect(guestLoginFailure(new ApiError(101, 'errors.unauthorized', 'x'))).toBe('wrongPin');
    expect(
      guestLoginFailure(new ApiError(400, 'errors.validation', 'x', [{ field: 'password', messageKey: 'fields.pin', message: 'x' }])),
    ).toBe('checkFields');
    expect(guestLoginFailure(new ApiError(102, 'errors.signInLockedOut', 'x', undefined, '2026-03-10T10:15:00.000Z'))).toBe('lockedOut');
    expect(guestLoginFailure(new ApiError(429, 'errors.tooManyRequests', 'x'))).toBe('unknownError');
    expect(guestLoginFailure(new ApiError(500, 'errors.processing', 'x'))).toBe('unknownError');
    expect(guestLoginFailure(new Error('offline'))).toBe('unknownError');
  });
});

describe('pinInput', () => {
  it('keeps digits only, at most six', () => {
    expect(pinInput('123 456')).toBe('123456');
    expect(pinInput('12a3-4567')).toBe('123456');
  });
});
