import { describe, expect, test } from 'vitest';
import { cancelPolicy, isFuture } from './booking-rules';

const now = new Date('2026-11-23T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('cancelPolicy (spec §4: cancel only until 1440 minutes before, never a group)', () => {
  test.each([
    [1441, 'allowed'],
    [1440, 'allowed'],
    [1439, 'tooLate'],
    [5, 'tooLate'],
    [-10, 'tooLate'],
  ])('a one-to-one %i minutes ahead: %s', (minutes, policy) => {
    expect(cancelPolicy({ type: 'oneOnOne', startsAt: at(minutes) }, now)).toBe(policy);
  });
  test('groups are cancelled through the provider', () => {
    expect(cancelPolicy({ type: 'group', startsAt: at(5000) }, now)).toBe('group');
    expect(cancelPolicy({ type: 'group-video', startsAt: at(5000) }, now)).toBe('group');
    expect(cancelPolicy({ type: 'basic', startsAt: at(5000) }, now)).toBe('allowed');
  });
});

test('isFuture: the start itself is no longer the future', () => {
  expect(isFuture(at(1), now)).toBe(true);
  expect(isFuture(now, now)).toBe(false);
});
