import { describe, expect, test } from 'vitest';
import { daysForEntry, monthsToDays } from './retention';

describe('data saving months to days (spec §5, §9: × 30.437 rounded)', () => {
  test('whole months become rounded days', () => {
    expect(monthsToDays(0)).toBe(0);
    expect(monthsToDays(1)).toBe(30);
    expect(monthsToDays(6)).toBe(183);
    expect(monthsToDays(12)).toBe(365);
    expect(monthsToDays(24)).toBe(730);
    expect(monthsToDays(120)).toBe(3652);
  });

  test('a typed entry shows its days only while it is a whole number of months', () => {
    expect(daysForEntry('24')).toBe(730);
    expect(daysForEntry(' 3 ')).toBe(91);
    expect(daysForEntry('')).toBeUndefined();
    expect(daysForEntry('1.5')).toBeUndefined();
    expect(daysForEntry('-2')).toBeUndefined();
    expect(daysForEntry('12345')).toBeUndefined();
  });
});
