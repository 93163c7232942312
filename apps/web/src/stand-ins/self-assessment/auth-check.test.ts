import { expect, test } from 'vitest';
import { ZConnectorAuth } from '@prsp/contracts';
import { isConnectorAuth } from './auth-check';

const good = { type: 'Auth', token: { accessToken: 'jwt', age: 36, gender: 'female' } };

test.each([
  ['the Auth the app sends', good],
  ['with an extra field', { ...good, extra: 1 }],
  ['no token', { type: 'Auth' }],
  ['an empty access token', { type: 'Auth', token: { accessToken: '', age: 36, gender: 'female' } }],
  ['a fractional age', { type: 'Auth', token: { accessToken: 'jwt', age: 36.5, gender: 'female' } }],
  ['a negative age', { type: 'Auth', token: { accessToken: 'jwt', age: -1, gender: 'male' } }],
  ['an age as text', { type: 'Auth', token: { accessToken: 'jwt', age: '36', gender: 'male' } }],
  ['an unknown gender', { type: 'Auth', token: { accessToken: 'jwt', age: 36, gender: 'other' } }],
  ['another type', { type: 'init' }],
  ['null', null],
  ['a string', 'Auth'],
])('%s: the stand-in agrees with the contract', (_label, data) => {
  expect(isConnectorAuth(data)).toBe(ZConnectorAuth.safeParse(data).success);
});
