import { describe, expect, it } from 'vitest';
import { waitMinutes } from './waiting-estimate';

describe('waitMinutes', () => {
  it('rounds up to whole minutes, with under a minute as 0', () => {
    expect(waitMinutes(0)).toBe(0);
    expect(waitMinutes(59)).toBe(0);
    expect(waitMinutes(60)).toBe(1);
    expect(waitMinutes(61)).toBe(2);
    expect(waitMinutes(600)).toBe(10);
  });

  it('says nothing without an estimate', () => {
    expect(waitMinutes(null)).toBeNull();
    expect(waitMinutes(-5)).toBeNull();
    expect(waitMinutes(Number.NaN)).toBeNull();
  });
});
