import { describe, expect, it } from 'vitest';
import { encounterStatus, toEncounter, type ChannelRow } from './fhir-encounter';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 12, 9, minute));
const channel = (over: Partial<ChannelRow> = {}): ChannelRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'ended',
  patientId: '00000000-0000-4000-8000-000000000002',
  expertId: '00000000-0000-4000-8000-000000000003',
  appointmentId: null,
  appointmentType: null,
  serviceName: null,
  acceptedAt: at(5),
  endedAt: at(20),
  createdAt: at(0),
  version: 3,
  updatedAt: at(20),
  ...over,
});

describe('an Encounter from a chat channel', () => {
  it('maps the channel’s state: waiting arrived, taken in-progress, ended finished if taken, else cancelled', () => {
    expect(encounterStatus({ status: 'waiting', acceptedAt: null })).toBe('arrived');
    // Handed over and waiting again for the next expert: back in a queue.
    expect(encounterStatus({ status: 'waiting', acceptedAt: at(5) })).toBe('arrived');
    expect(encounterStatus({ status: 'active', acceptedAt: at(5) })).toBe('in-progress');
    expect(encounterStatus({ status: 'ended', acceptedAt: at(5) })).toBe('finished');
    expect(encounterStatus({ status: 'ended', acceptedAt: null })).toBe('cancelled');
  });

  it('is a video visit for a video appointment, a chat otherwise', () => {
    const code = (row: ChannelRow) => toEncounter(row, []).type![0]!.coding![0]!.code;
    expect(code(channel({ appointmentType: 'basic' }))).toBe('video');
    expect(code(channel({ appointmentType: 'group-video' }))).toBe('video');
    expect(code(channel({ appointmentType: 'oneOnOne' }))).toBe('chat');
    expect(code(channel())).toBe('chat');
  });

  it('lists each expert once, and runs from when it was taken (or opened, if never taken) to its end', () => {
    const row = channel();
    const encounter = toEncounter(row, [row.expertId!, '00000000-0000-4000-8000-000000000004']);
    expect(encounter.participant!.map((p) => p.individual!.reference)).toEqual([
      'Practitioner/00000000-0000-4000-8000-000000000003',
      'Practitioner/00000000-0000-4000-8000-000000000004',
    ]);
    expect(encounter.period).toEqual({ start: at(5).toISOString(), end: at(20).toISOString() });
    expect(encounter.meta).toEqual({ versionId: '3', lastUpdated: at(20).toISOString() });
    expect(toEncounter(channel({ acceptedAt: null }), []).period!.start).toBe(at(0).toISOString());
  });
});
