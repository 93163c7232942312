import { describe, expect, test } from 'vitest';
import { suppressCount } from '@prsp/contracts';
import { figuresOfGroup, secondsOf } from './statistics-figures';
import type { ChatRow, FeedbackRow } from './statistics.repo';

const chat = (over: Partial<ChatRow>): ChatRow => ({
  dim: 'day',
  key: '2026-03-01',
  handled: 0,
  abandoned: 0,
  transfers: 0,
  waitMedian: null,
  waitP90: null,
  waitCount: 0,
  handlingMedian: null,
  handlingCount: 0,
  ...over,
});
const nps = (count: number, sum: number, promoters: number, detractors: number): FeedbackRow => ({
  dim: 'day',
  key: '2026-03-01',
  scoreType: 'nps',
  count,
  sum,
  promoters,
  detractors,
});

describe('suppressCount', () => {
  test('0 and 5 or more are kept; 1 to 4 are "<5"', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 120].map(suppressCount)).toEqual([0, '<5', '<5', '<5', '<5', 5, 6, 120]);
  });
});

describe('secondsOf', () => {
  test('whole seconds, half away from zero; nothing to measure is null', () => {
    expect(secondsOf(149.5, 8, false)).toBe(150);
    expect(secondsOf('389.99', 8, false)).toBe(390);
    expect(secondsOf(null, 0, false)).toBeNull();
    expect(secondsOf(10, 0, false)).toBeNull();
  });
  test('suppressed: a time from fewer than five rows is left out, from five it is shown', () => {
    expect(secondsOf(60, 4, true)).toBeNull();
    expect(secondsOf(60, 5, true)).toBe(60);
    expect(secondsOf(60, 1, false)).toBe(60);
  });
});

describe('figuresOfGroup', () => {
  test('exact when not suppressed, figures absent are zero', () => {
    const f = figuresOfGroup(
      { chat: chat({ handled: 2, waitMedian: 60, waitP90: 84, waitCount: 2 }), feedback: [nps(2, 19, 2, 0)] },
      false,
    );
    expect(f).toMatchObject({ chatsHandled: 2, waitMedianSeconds: 60, waitP90Seconds: 84, bookingsMade: 0, messagesReceived: 0 });
    expect(f.feedback).toEqual([{ scoreType: 'nps', count: 2, average: 9.5, nps: 100 }]);
  });
  test('suppressed: small counts "<5", their medians, averages and NPS left out; secure messages null where they do not apply', () => {
    const f = figuresOfGroup(
      { chat: chat({ handled: 2, abandoned: 5, waitMedian: 60, waitP90: 84, waitCount: 2 }), feedback: [nps(3, 27, 3, 0)], message: null },
      true,
    );
    expect(f).toMatchObject({ chatsHandled: '<5', chatsAbandoned: 5, waitMedianSeconds: null, waitP90Seconds: null, transfers: 0 });
    expect(f.messagesReceived).toBeNull();
    expect(f.firstAnswerMedianSeconds).toBeNull();
    expect(f.feedback).toEqual([{ scoreType: 'nps', count: '<5', average: null, nps: null }]);
  });
});
