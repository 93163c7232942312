import { describe, expect, test } from 'vitest';
import { FEATURE_FLAGS, type FeatureFlags } from '@prsp/contracts';
import { expertMenu } from './expert-menu';

const allOn = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as FeatureFlags;
const paths = (flags: FeatureFlags | undefined) => expertMenu(flags).flatMap((g) => g.entries.map((e) => e.to));

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

test('every entry but the desktop is marked coming soon until its issue lands', () => {
  const entries = expertMenu(allOn).flatMap((g) => g.entries);
  expect(entries.filter((e) => !e.comingSoon).map((e) => e.to)).toEqual(['/expert/desktop']);
  expect(entries.filter((e) => e.comingSoon).length).toBeGreaterThan(10);
});
