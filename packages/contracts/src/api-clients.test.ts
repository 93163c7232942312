import { expect, test } from 'vitest';
import { API_CLIENT_SCOPES, FORMER_API_CLIENT_SCOPES, parseRequestedScope, ZApiClientCreate } from './api-clients';

test('a scope per resource type, the former six among them', () => {
  expect(API_CLIENT_SCOPES).toHaveLength(8);
  expect(API_CLIENT_SCOPES).toContain('system/Communication.read');
  expect(API_CLIENT_SCOPES).toContain('system/Encounter.read');
  for (const scope of FORMER_API_CLIENT_SCOPES) expect(API_CLIENT_SCOPES).toContain(scope);
  expect(FORMER_API_CLIENT_SCOPES).not.toContain('system/Communication.read');
});

test.each([
  ['system/Appointment.read', { type: 'Appointment', form: 'read' }],
  ['system/Communication.rs', { type: 'Communication', form: 'rs' }],
  ['system/*.read', { type: '*', form: 'read' }],
  ['system/*.rs', { type: '*', form: 'rs' }],
])('a token request may name %s', (scope, parsed) => {
  expect(parseRequestedScope(scope)).toEqual(parsed);
});

test.each([
  'patient/*.read',
  'user/Appointment.read',
  'system/Appointment.write',
  'system/Appointment.*',
  'system/Appointment.r',
  'system/Appointment.s',
  'system/Appointment.cruds',
  'system/Appointment.rs?status=booked',
  'system/Observation.read',
  'system/appointment.read',
  ' system/Appointment.read',
  'launch',
  '',
])('a token request may not name %j', (scope) => {
  expect(parseRequestedScope(scope)).toBeNull();
});

const issues = (input: unknown) => ZApiClientCreate.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

test('a new client takes at least one known scope, each once', () => {
  expect(ZApiClientCreate.parse({ name: ' Potilastiedot ', scopes: ['system/Appointment.read'] })).toEqual({
    name: 'Potilastiedot',
    scopes: ['system/Appointment.read'],
  });
  expect(issues({ name: 'x', scopes: [] })).toEqual([['scopes', 'apiClientScopes']]);
  expect(issues({ name: 'x' })).toEqual([['scopes', 'apiClientScopes']]);
  expect(issues({ name: 'x', scopes: ['system/Observation.read'] })).toEqual([['scopes.0', 'invalid']]);
  expect(issues({ name: 'x', scopes: ['system/*.read'] })).toEqual([['scopes.0', 'invalid']]);
  expect(issues({ name: 'x', scopes: ['system/Slot.read', 'system/Slot.read'] })).toEqual([['scopes', 'invalid']]);
});
