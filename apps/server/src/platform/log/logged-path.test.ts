import { expect, test } from 'vitest';
import { loggedPath } from './logged-path';

test('a password link and a signed file link are logged without their secret', () => {
  expect(loggedPath('/api/sso/password-token/Zq8x-3kP_token')).toBe('/api/sso/password-token/[redacted]');
  expect(loggedPath('/api/chat/files/eyJhbGciOi.sig?download=1')).toBe('/api/chat/files/[redacted]');
});

test('other paths keep their segments and lose the query string', () => {
  expect(loggedPath('/api/expert/appointments/3f0c6a1e-1111-4222-8333-444455556666')).toBe(
    '/api/expert/appointments/3f0c6a1e-1111-4222-8333-444455556666',
  );
  expect(loggedPath('/api/expert/async-messaging/conversations?ssn=010190-124N')).toBe('/api/expert/async-messaging/conversations');
  expect(loggedPath('/api/sso/password-token')).toBe('/api/sso/password-token');
});
