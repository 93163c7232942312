import { describe, expect, test } from 'vitest';
import { boardDay } from './queue-board.service';

describe("the board's day", () => {
  test('is the Helsinki calendar day, from local midnight to the next', () => {
    // 23:30 UTC on 14 January is 01:30 on the 15th in Helsinki (UTC+2).
    expect(boardDay(new Date('2026-01-14T23:30:00Z'))).toEqual({
      day: '2026-01-15',
      from: new Date('2026-01-14T22:00:00Z'),
      until: new Date('2026-01-15T22:00:00Z'),
    });
    // 21:59 UTC is still the 14th there.
    expect(boardDay(new Date('2026-01-14T21:59:59Z')).day).toBe('2026-01-14');
  });

  test('is 23 hours on the spring changeover and 25 on the autumn one', () => {
    const spring = boardDay(new Date('2026-03-29T12:00:00Z'));
    expect(spring).toMatchObject({ day: '2026-03-29', from: new Date('2026-03-28T22:00:00Z'), until: new Date('2026-03-29T21:00:00Z') });
    const autumn = boardDay(new Date('2026-10-25T12:00:00Z'));
    expect(autumn).toMatchObject({ day: '2026-10-25', from: new Date('2026-10-24T21:00:00Z'), until: new Date('2026-10-25T22:00:00Z') });
  });

  test('in summer time begins at 21:00 UTC', () => {
    expect(boardDay(new Date('2026-07-01T20:59:00Z')).day).toBe('2026-07-01');
    expect(boardDay(new Date('2026-07-01T21:00:00Z'))).toMatchObject({ day: '2026-07-02', from: new Date('2026-07-01T21:00:00Z') });
  });
});
