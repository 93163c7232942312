import { describe, expect, test } from 'vitest';
import { patientAuditActor } from './patient-audit';

describe('the actor of a patient action', () => {
  test('is the signed-in patient alone when not acting for anyone', () => {
    expect(patientAuditActor({ patientId: 'p1', actingForPatientId: null })).toEqual({
      actorType: 'patient',
      actorId: 'p1',
      onBehalfOf: null,
    });
  });

  test('names both the delegate (actor) and the principal (on behalf of) while acting', () => {
    expect(patientAuditActor({ patientId: 'p1', actingForPatientId: 'p2' })).toEqual({
      actorType: 'patient',
      actorId: 'p1',
      onBehalfOf: 'p2',
    });
  });
});
