import { describe, expect, it } from 'vitest';
import { dateRange } from './fhir-search';

const range = (...values: string[]) => {
  const r = dateRange({ d: values }, 'd')!;
  return [r.from?.toISOString(), r.to?.toISOString()];
};

describe('dateRange: a value stands for the span of its precision (FHIR search.html#date)', () => {
  it('takes a millisecond instant (meta.lastUpdated) as that millisecond', () => {
    expect(range('gt2026-11-12T09:00:00.123Z')).toEqual(['2026-11-12T09:00:00.124Z', undefined]);
    expect(range('le2026-11-12T09:00:00.123Z')).toEqual([undefined, '2026-11-12T09:00:00.124Z']);
    expect(range('2026-11-12T09:00:00.123Z')).toEqual(['2026-11-12T09:00:00.123Z', '2026-11-12T09:00:00.124Z']);
    // Microseconds are as fine as a millisecond gets.
    expect(range('gt2026-11-12T09:00:00.123456Z')).toEqual(['2026-11-12T09:00:00.124Z', undefined]);
  });

  it('takes a dateTime without a fraction as its second, or minute, with its offset', () => {
    expect(range('eq2026-11-12T11:00:00+02:00')).toEqual(['2026-11-12T09:00:00.000Z', '2026-11-12T09:00:01.000Z']);
    expect(range('gt2026-11-12T09:00Z')).toEqual(['2026-11-12T09:01:00.000Z', undefined]);
    expect(range('ge2026-11-12T09:00:00Z', 'lt2026-11-12T10:00:00Z')).toEqual(['2026-11-12T09:00:00.000Z', '2026-11-12T10:00:00.000Z']);
  });

  it('takes a date as its day in Europe/Helsinki, and keeps the narrowest of repeated bounds', () => {
    expect(range('2026-11-12')).toEqual(['2026-11-11T22:00:00.000Z', '2026-11-12T22:00:00.000Z']);
    expect(range('ge2026-11', 'ge2026-11-05', 'lt2026-12', 'le2026-11-20')).toEqual([
      '2026-11-04T22:00:00.000Z',
      '2026-11-20T22:00:00.000Z',
    ]);
  });
});
