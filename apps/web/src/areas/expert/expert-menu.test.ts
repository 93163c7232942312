import { describe, expect, test } from 'vitest';
import { FEATURE_FLAGS, type FeatureFlags } from '@prsp/contracts';
import { expertMenu, withCount } from './expert-menu';

const allOn = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as FeatureFlags;
const paths = (flags: FeatureFlags | undefined, shiftLead = false) =>
  expertMenu(flags, shiftLead).flatMap((g) => g.entries.map((e) => e.to));

describe('the expert main menu (spec §2 expert routes)', () => {
  test('every part of the app is there while the flags are unknown or all on', () => {
    expect(paths(undefined)).toEqual(paths(allOn));
    expect(paths(allOn)).toEqual(
      expect.arrayContaining([
        '/expert/desktop',
        '/expert/schedule',
        '/expert/surveys/open',
        '/expert/messages/inbox',
        '/expert/allBookings',
      ]),
    );
  });

  test('bookings and messages follow the organisation flags', () => {
    const shown = paths({ ...allOn, bookingsEnabled: false, asyncMessagingEnabled: false });
    expect(shown).not.toContain('/expert/schedule');
    expect(shown).not.toContain('/expert/messages/new');
    expect(shown).toContain('/expert/surveys/open');
  });
});

test('the surveys group lists open, answered, forwarded, by appointment and templates', () => {
  const surveys = expertMenu(allOn).find((g) => g.headingKey === 'expert.menu.surveysHeading');
  expect(surveys?.entries.map((e) => e.to)).toEqual([
    '/expert/surveys/open',
    '/expert/surveys/answered',
    '/expert/surveys/forwarded',
    '/expert/surveys/appointment',
    '/expert/surveys/templates',
  ]);
});

test('the inbox and the open conversations show their counts; the other entries none', () => {
  const entries = expertMenu(allOn).flatMap((g) => g.entries);
  expect(entries.filter((e) => e.count).map((e) => [e.to, e.count])).toEqual([
    ['/expert/messages/inbox', 'inbox'],
    ['/expert/messages/patients', 'open'],
  ]);
  expect(withCount('Open conversations', 2)).toBe('Open conversations (2)');
  expect(withCount('Open conversations', 0)).toBe('Open conversations');
  expect(withCount('Open conversations', undefined)).toBe('Open conversations');
});

test('the booking screens sit under the appointments heading, in the order of a working day', () => {
  const group = expertMenu(allOn).find((g) => g.headingKey === 'expert.menu.appointmentsHeading');
  expect(group?.entries.map((e) => e.to)).toEqual(['/expert/schedule', '/expert/allBookings', '/expert/appointmentHistory']);
  // One appointment's details open from the schedule and the lists: it needs an id, so it has no menu entry.
  expect(paths(allOn)).not.toContain('/expert/appointment');
});

test('the queue board shows to a shift lead alone, and only where the remote reception is on (issue 32)', () => {
  expect(paths(allOn)).not.toContain('/expert/queues');
  expect(paths(allOn, true)).toContain('/expert/queues');
  expect(paths({ ...allOn, remoteReceptionEnabled: false }, true)).not.toContain('/expert/queues');
});
