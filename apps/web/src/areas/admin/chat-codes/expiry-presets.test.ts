import { describe, expect, test } from 'vitest';
import { chatCodeDateErrors } from './expiry-presets';

describe('chat code expiry presets (spec §4)', () => {
  test('start and expiry dates: correct dates, no past dates, expiry not before start (spec §5)', () => {
    const today = '2026-05-10';
    expect(chatCodeDateErrors({ startDate: '2026-05-10', choice: 'endOfYear', expiryDate: '' }, today)).toEqual({});
    expect(chatCodeDateErrors({ startDate: '2026-05-09', choice: 'endOfYear', expiryDate: '' }, today)).toEqual({ startDate: 'pastDate' });
    expect(chatCodeDateErrors({ startDate: '10.5.2026', choice: 'today', expiryDate: '' }, today)).toEqual({ startDate: 'date' });
    expect(chatCodeDateErrors({ startDate: '2026-05-10', choice: 'date', expiryDate: '' }, today)).toEqual({ expiryDate: 'required' });
    expect(chatCodeDateErrors({ startDate: '2026-05-10', choice: 'date', expiryDate: '2026-05-01' }, today)).toEqual({
      expiryDate: 'pastDate',
    });
    expect(chatCodeDateErrors({ startDate: '2026-06-01', choice: 'date', expiryDate: '2026-05-20' }, today)).toEqual({
      expiryDate: 'expiryBeforeStart',
    });
    expect(chatCodeDateErrors({ startDate: '2026-06-01', choice: 'date', expiryDate: '2026-06-01' }, today)).toEqual({});
  });
});
