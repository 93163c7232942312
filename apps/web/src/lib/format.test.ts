import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, displayTimeZone, formatDate, formatDateTime, formatTime, setDisplayTimeZone } from './format';

describe('the one date formatter (time zone aware)', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  // 2026-03-29 is the spring DST change in Finland: 00:30 UTC is 02:30 EET, 01:30 UTC is 04:30 EEST.
  const beforeChange = Date.UTC(2026, 2, 29, 0, 30);
  const afterChange = '2026-03-29T01:30:00.000Z';

  it('shows a moment in the given zone, across a daylight-saving change', () => {
    expect(formatTime(beforeChange, 'fi', 'Europe/Helsinki')).toBe('02.30');
    expect(formatTime(afterChange, 'fi', 'Europe/Helsinki')).toBe('04.30');
    expect(formatTime(afterChange, 'en', 'UTC')).toBe('01:30');
  });

  it('uses the display zone: the browser one (UTC in tests) until a setting replaces it', () => {
    expect(displayTimeZone()).toBe('UTC');
    expect(formatDateTime(afterChange, 'fi')).toBe('29.3.2026 klo 01.30');
    setDisplayTimeZone('Europe/Helsinki');
    expect(formatDateTime(afterChange, 'fi')).toBe('29.3.2026 klo 04.30');
    setDisplayTimeZone('Mars/Olympus');
    expect(displayTimeZone()).toBe(DEFAULT_TIME_ZONE);
  });

  it('has the weekday style of the patient app and a dash for no moment', () => {
    expect(formatDateTime(afterChange, 'fi', { style: 'weekday', timeZone: 'Europe/Helsinki' })).toBe('su 29.3.2026 klo 04.30');
    expect(formatDateTime(null, 'en')).toBe('–');
    expect(formatDateTime('not a date', 'en')).toBe('–');
  });

  it('shows a calendar date without moving it to another day', () => {
    expect(formatDate('2026-12-31', 'fi')).toBe('31.12.2026');
    expect(formatDate('2026-12-31', 'en')).toBe('31 Dec 2026');
    expect(formatDate(null, 'se')).toBe('–');
  });
});
