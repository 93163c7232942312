import { describe, expect, test } from 'vitest';
import { reschedulePolicy } from './reschedule-rules';

const now = new Date('2026-11-23T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const appointment = (minutes: number, extra: Partial<Parameters<typeof reschedulePolicy>[0]> = {}) => ({
  status: 'selfBooked' as const,
  type: 'oneOnOne' as const,
  startsAt: at(minutes),
  endsAt: at(minutes + 30),
  heldAt: null,
  noShowAt: null,
  ...extra,
});

describe('reschedulePolicy (issue 29: the patient changes the time of their own self-booked one-to-one)', () => {
  test.each([
    [3 * 1440, 'allowed'],
    [1440, 'allowed'],
    [1439, 'tooLate'],
    [1, 'tooLate'],
    [0, 'started'],
    [-10, 'started'],
    [-60, 'started'],
  ])('a self-booked chat %i minutes ahead: %s', (minutes, policy) => {
    expect(reschedulePolicy(appointment(minutes), now)).toBe(policy);
  });

  test('a one-to-one video may be changed too; a group never (the provider arranges it)', () => {
    expect(reschedulePolicy(appointment(5000, { type: 'basic' }), now)).toBe('allowed');
    expect(reschedulePolicy(appointment(5000, { type: 'group' }), now)).toBe('group');
    expect(reschedulePolicy(appointment(5000, { type: 'group-video' }), now)).toBe('group');
  });

  test('only a time the patient booked themself; never a cancelled one, nor a settled visit', () => {
    expect(reschedulePolicy(appointment(5000, { status: 'booked' }), now)).toBe('notSelfBooked');
    expect(reschedulePolicy(appointment(5000, { status: 'cancelled' }), now)).toBe('cancelled');
    expect(reschedulePolicy(appointment(5000, { heldAt: at(-1) }), now)).toBe('started');
    expect(reschedulePolicy(appointment(5000, { noShowAt: at(-1) }), now)).toBe('started');
  });
});
