import { BOOKING_CHANGES, type BookingChange } from '@prsp/contracts';

/** What of a reserved appointment a copy of it shows (FHIR Appointment, an integrator's calendar), before or after a change. */
export type BookingSnapshot = {
  startsAt: Date;
  endsAt: Date;
  type: string;
  status: 'open' | 'booked' | 'selfBooked' | 'cancelled';
  heldAt: Date | null;
  noShowAt: Date | null;
  name: string;
  serviceId: string | null;
  expertId: string | null;
  hostExpertId: string | null;
  participants: {
    role: 'patient' | 'expert' | 'guest';
    patientId: string | null;
    expertId: string | null;
    email: string | null;
    name: string;
  }[];
};

/**
 * Who takes part, each in their role: the appointment's expert, a group's organiser, patients, other experts and
 * guests. A guest is known by e-mail address (else name): an admin's edit rewrites the participant rows, so their
 * ids change while the people stay.
 */
function people(s: BookingSnapshot): Set<string> {
  const keys = new Set<string>();
  if (s.expertId) keys.add(`own:${s.expertId}`);
  if (s.hostExpertId) keys.add(`host:${s.hostExpertId}`);
  for (const p of s.participants) {
    if (p.role === 'patient') keys.add(`patient:${p.patientId}`);
    else if (p.role === 'expert') keys.add(`expert:${p.expertId}`);
    else keys.add(`guest:${p.email?.trim().toLowerCase() || p.name.trim()}`);
  }
  return keys;
}

/** The appointment's state as a copy shows it: held wins over a no-show, as in booking-visits.service.ts. */
function stateOf(s: BookingSnapshot): string {
  if (s.status === 'cancelled') return 'cancelled';
  if (s.heldAt) return 'held';
  return s.noShowAt ? 'noShow' : s.status;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((k) => b.has(k));

/** What changed between two snapshots of one appointment, in BOOKING_CHANGES' order; empty when nothing a copy shows did. */
export function bookingChanges(before: BookingSnapshot, after: BookingSnapshot): BookingChange[] {
  const changed: Record<BookingChange, boolean> = {
    time: before.startsAt.getTime() !== after.startsAt.getTime() || before.endsAt.getTime() !== after.endsAt.getTime(),
    participants: !sameSet(people(before), people(after)),
    kind: before.type !== after.type,
    state: stateOf(before) !== stateOf(after),
    details: before.name !== after.name || before.serviceId !== after.serviceId,
  };
  return BOOKING_CHANGES.filter((c) => changed[c]);
}
