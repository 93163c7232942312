import { describe, expect, test } from 'vitest';
import { groupDates } from './chat-codes-admin.service';

const today = '2025-07-15';

describe('chat code group dates (spec §5)', () => {
  test('the start defaults to today; a preset gives the expiry', () => {
    expect(groupDates({ expiryPreset: 'endOfYear' }, today)).toEqual({ startDate: today, expiryDate: '2025-12-31', issues: [] });
    expect(groupDates({ expiryPreset: 'noExpirationDate' }, today)).toEqual({ startDate: today, expiryDate: null, issues: [] });
  });

  test('an explicit expiry date from today on is accepted', () => {
    expect(groupDates({ startDate: '2025-08-01', expiryDate: '2025-08-01' }, today).issues).toEqual([]);
    expect(groupDates({ expiryDate: today }, today).issues).toEqual([]);
  });

  test('past dates are refused', () => {
    expect(groupDates({ startDate: '2025-07-14', expiryPreset: 'endOfYear' }, today).issues).toEqual([
      { field: 'startDate', key: 'pastDate' },
    ]);
    expect(groupDates({ expiryDate: '2025-07-14' }, today).issues).toEqual([{ field: 'expiryDate', key: 'pastDate' }]);
  });

  test('an expiry before the start is refused, also from a preset', () => {
    expect(groupDates({ startDate: '2025-09-01', expiryDate: '2025-08-31' }, today).issues).toEqual([
      { field: 'expiryDate', key: 'expiryBeforeStart' },
    ]);
    expect(groupDates({ startDate: '2025-07-16', expiryPreset: 'today' }, today).issues).toEqual([
      { field: 'expiryPreset', key: 'expiryBeforeStart' },
    ]);
  });
});
