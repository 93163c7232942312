import { describe, expect, test } from 'vitest';
import { bookingChanges, type BookingSnapshot } from './booking-changes';

const at = (iso: string) => new Date(iso);
const patient = { role: 'patient' as const, patientId: 'p1', expertId: null, email: 'aino@example.fi', name: 'Aino A' };
const guest = { role: 'guest' as const, patientId: null, expertId: null, email: 'Gus@Example.fi', name: 'Gus' };

const base: BookingSnapshot = {
  startsAt: at('2026-12-01T06:00:00Z'),
  endsAt: at('2026-12-01T06:30:00Z'),
  type: 'oneOnOne',
  status: 'booked',
  heldAt: null,
  noShowAt: null,
  name: 'Vastaanotto',
  serviceId: 's1',
  expertId: 'e1',
  hostExpertId: null,
  participants: [patient],
};
const changed = (over: Partial<BookingSnapshot>) => bookingChanges(base, { ...base, ...over });

describe('bookingChanges', () => {
  test('the same appointment read again changed nothing', () => {
    expect(bookingChanges(base, { ...base, startsAt: at('2026-12-01T06:00:00Z'), participants: [{ ...patient }] })).toEqual([]);
  });

  test('a new start or only a new end is a change of time', () => {
    expect(changed({ startsAt: at('2026-12-01T17:30:00Z'), endsAt: at('2026-12-01T18:00:00Z') })).toEqual(['time']);
    expect(changed({ endsAt: at('2026-12-01T06:45:00Z') })).toEqual(['time']);
  });

  test('another expert, organiser, patient, colleague or guest changes the participants', () => {
    expect(changed({ expertId: 'e2' })).toEqual(['participants']);
    expect(changed({ hostExpertId: 'e1' })).toEqual(['participants']);
    expect(changed({ participants: [{ ...patient, patientId: 'p2' }] })).toEqual(['participants']);
    expect(changed({ participants: [patient, { role: 'expert', patientId: null, expertId: 'e3', email: null, name: 'E' }] })).toEqual([
      'participants',
    ]);
    expect(changed({ participants: [patient, guest] })).toEqual(['participants']);
  });

  test('a guest is the same person whatever the row or the case of the address; contact details are no change', () => {
    const before = { ...base, participants: [patient, guest] };
    const rewritten = [
      { ...patient, email: 'new@example.fi' },
      { ...guest, email: ' gus@example.fi ', name: 'Gus Guest' },
    ];
    expect(bookingChanges(before, { ...before, participants: rewritten })).toEqual([]);
  });

  test('another appointment type is a change of kind', () => {
    expect(changed({ type: 'basic' })).toEqual(['kind']);
  });

  test('cancelled, held and a no-show are changes of state; held after a no-show too', () => {
    expect(changed({ status: 'cancelled' })).toEqual(['state']);
    expect(changed({ heldAt: at('2026-12-01T06:30:00Z') })).toEqual(['state']);
    expect(changed({ noShowAt: at('2026-12-01T06:10:00Z') })).toEqual(['state']);
    const noShow = { ...base, noShowAt: at('2026-12-01T06:10:00Z') };
    expect(bookingChanges(noShow, { ...noShow, noShowAt: null, heldAt: at('2026-12-01T06:30:00Z') })).toEqual(['state']);
  });

  test('a new title or service is a change of details', () => {
    expect(changed({ name: 'Kontrollikäynti' })).toEqual(['details']);
    expect(changed({ serviceId: null })).toEqual(['details']);
  });

  test('several at once come in the documented order', () => {
    expect(changed({ serviceId: 's2', type: 'basic', expertId: 'e2', startsAt: at('2026-12-02T06:00:00Z') })).toEqual([
      'time',
      'participants',
      'kind',
      'details',
    ]);
  });
});
