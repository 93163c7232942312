import { describe, expect, it } from 'vitest';
import { FORMER_API_CLIENT_SCOPES } from '@prsp/contracts';
import { effectiveScopes } from '../../platform/access/api-client-access';
import { requestedScopes } from './fhir-scopes';

const GRANT = ['system/Appointment.read', 'system/Patient.read'];

describe('the scopes a token request gets', () => {
  it('is the whole grant when none is asked (an empty or blank scope asks none)', () => {
    for (const asked of [undefined, '', '  ']) expect(requestedScopes(asked, GRANT)).toEqual(GRANT);
    expect(requestedScopes(undefined, FORMER_API_CLIENT_SCOPES)).toEqual([...FORMER_API_CLIENT_SCOPES]);
  });

  it('is what was asked within the grant, in its spelling, once each', () => {
    expect(requestedScopes('system/Patient.read', GRANT)).toEqual(['system/Patient.read']);
    expect(requestedScopes('system/Patient.rs system/Appointment.read', GRANT)).toEqual(['system/Patient.rs', 'system/Appointment.read']);
    expect(requestedScopes('system/*.rs', GRANT)).toEqual(['system/Appointment.rs', 'system/Patient.rs']);
    expect(requestedScopes('system/Patient.read system/*.read', GRANT)).toEqual(['system/Patient.read', 'system/Appointment.read']);
  });

  it('is nothing (invalid_scope) for a scope outside the grant or the vocabulary, or an empty grant', () => {
    expect(requestedScopes('system/Slot.read', GRANT)).toBeNull();
    expect(requestedScopes('system/Patient.read system/Slot.read', GRANT)).toBeNull();
    expect(requestedScopes('patient/Patient.read', GRANT)).toBeNull();
    expect(requestedScopes('system/Patient.write', GRANT)).toBeNull();
    expect(requestedScopes(undefined, [])).toBeNull();
    expect(requestedScopes('system/*.read', [])).toBeNull();
  });
});

describe('what a token may read', () => {
  it('is its scopes that the client still holds, by type whatever the spelling', () => {
    expect(effectiveScopes('system/Patient.rs system/Appointment.read', GRANT)).toEqual(['system/Patient.read', 'system/Appointment.read']);
    expect(effectiveScopes('system/Patient.read system/Slot.read', GRANT)).toEqual(['system/Patient.read']);
    expect(effectiveScopes('system/Patient.read', ['system/Appointment.read'])).toEqual([]);
  });

  it('never widens: a wildcard, an unknown scope or an empty claim reads nothing', () => {
    expect(effectiveScopes('system/*.read', GRANT)).toEqual([]);
    expect(effectiveScopes('patient/*.read launch', GRANT)).toEqual([]);
    expect(effectiveScopes('', GRANT)).toEqual([]);
  });
});
