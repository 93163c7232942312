import { describe, expect, test } from 'vitest';
import { ownReads, PatientReads, readsOf } from './patient-reads';

const reader = { actorType: 'staff', actorId: 'u1', role: 'expert', ip: '10.0.0.1' } as const;

describe('what an answer showed of patients', () => {
  test('one row per patient and object, however often the answer names them, with the reader and the organisation', () => {
    const reads = new PatientReads('chat.read', reader);
    expect(reads.accounted).toBe(false);
    const object = { organisationId: 'o1', objectType: 'chatChannel', objectId: 'c1' };
    reads.show(readsOf(['p1', 'p2', 'p1', null, undefined], object));
    reads.show(readsOf(['p2'], object));
    reads.show(readsOf(['p2'], { ...object, objectId: 'c2' }));
    expect(reads.accounted).toBe(true);
    expect(reads.entries()).toEqual([
      { ...object, patientId: 'p1', actorType: 'staff', actorId: 'u1', actorRole: 'expert', action: 'chat.read', ip: '10.0.0.1' },
      { ...object, patientId: 'p2', actorType: 'staff', actorId: 'u1', actorRole: 'expert', action: 'chat.read', ip: '10.0.0.1' },
      {
        ...object,
        objectId: 'c2',
        patientId: 'p2',
        actorType: 'staff',
        actorId: 'u1',
        actorRole: 'expert',
        action: 'chat.read',
        ip: '10.0.0.1',
      },
    ]);
  });

  test('an answer that showed nobody has said so, and writes nothing', () => {
    const reads = new PatientReads('appointment.list', reader);
    reads.show([]);
    expect([reads.accounted, reads.entries()]).toEqual([true, []]);
  });

  test("a patient's or a guest's reads of their own are no staff reads: nothing is written", () => {
    const reads = ownReads();
    reads.show(readsOf(['p1'], { organisationId: 'o1', objectType: 'chatChannel', objectId: 'c1' }));
    expect(reads.entries()).toEqual([]);
  });
});
