import { describe, expect, test } from 'vitest';
import { bookingsCsvUrl, defaultFilters, filterErrors, filterQuery, rowActions, statusLabel } from './booking-filters';

const none = { from: '', to: '', expertId: '', serviceId: '', status: '' as const, patient: '', openTimes: '' as const };

describe('booking list filters', () => {
  test('only the filters that are set go into the query, trimmed, with the page last', () => {
    expect(filterQuery(none)).toBe('');
    expect(filterQuery(defaultFilters('2026-05-10'))).toBe('from=2026-05-10');
    const all = {
      from: '2026-05-01',
      to: '2026-05-31',
      expertId: 'e1',
      serviceId: 's1',
      status: 'selfBooked' as const,
      patient: '  Virtanen ',
      openTimes: 'true' as const,
    };
    expect(filterQuery(all, { page: 2, pageSize: 25 })).toBe(
      'from=2026-05-01&to=2026-05-31&expertId=e1&serviceId=s1&status=selfBooked&patient=Virtanen&openTimes=true&page=2&pageSize=25',
    );
    expect(filterQuery({ ...none, patient: '010190-124N ä&' })).toBe('patient=010190-124N+%C3%A4%26');
  });

  test('the CSV export takes the same filters and no page', () => {
    expect(bookingsCsvUrl(none, 'fi')).toBe('/api/admin/bookings/export.csv?lang=fi');
    expect(bookingsCsvUrl({ ...none, status: 'open', to: '2026-06-01' }, 'se')).toBe(
      '/api/admin/bookings/export.csv?to=2026-06-01&status=open&lang=se',
    );
  });

  test('dates are real dates and the range does not end before it starts', () => {
    expect(filterErrors(none)).toEqual({});
    expect(filterErrors({ ...none, from: '2026-02-30' })).toEqual({ from: 'date' });
    expect(filterErrors({ ...none, from: '2026-05-10', to: '2026-05-09' })).toEqual({ to: 'toBeforeFrom' });
    expect(filterErrors({ ...none, from: '2026-05-10', to: '2026-05-10' })).toEqual({});
    expect(filterErrors({ ...none, patient: 'x'.repeat(101) })).toEqual({ patient: 'tooLong' });
  });
});

describe('booking statuses and row actions (spec §4)', () => {
  test('selfBooked and booked are both shown as Reserved', () => {
    expect(statusLabel('selfBooked')).toBe('reserved');
    expect(statusLabel('booked')).toBe('reserved');
    expect(statusLabel('open')).toBe('open');
    expect(statusLabel('cancelled')).toBe('cancelled');
  });

  test('each status offers its own actions, and none without the edit right', () => {
    expect(rowActions('open', true)).toEqual(['book', 'editSlot', 'deleteSlot']);
    expect(rowActions('booked', true)).toEqual(['edit', 'cancel']);
    expect(rowActions('selfBooked', true)).toEqual(['edit', 'cancel']);
    expect(rowActions('cancelled', true)).toEqual(['delete']);
    // Started: no edit or cancel (the server answers 423); a no-show can be marked until the visit has a state.
    // Under way: still changed or cancelled, and already a possible no-show; once over, only the no-show mark.
    expect(rowActions('booked', true, { started: true, ended: false, state: null })).toEqual(['edit', 'cancel', 'noShow']);
    expect(rowActions('booked', true, { started: true, ended: true, state: null })).toEqual(['noShow']);
    expect(rowActions('selfBooked', true, { started: true, ended: false, state: 'held' })).toEqual([]);
    expect(rowActions('booked', true, { started: true, ended: true, state: 'noShow' })).toEqual([]);
    for (const status of ['open', 'booked', 'selfBooked', 'cancelled'] as const) expect(rowActions(status, false)).toEqual([]);
  });
});

describe('booking times shown', () => {
  test('in the service time zone, the zone of the forms', async () => {
    const { formatTimeRange: timeRange } = await import('@/lib/format');
    const start = Date.UTC(2026, 4, 11, 6);
    expect(timeRange(start, start + 30 * 60_000, 'en')).toBe('11 May 2026 09:00–09:30');
    expect(timeRange(start, start + 30 * 60_000, 'fi')).toBe('11.5.2026 09.00–09.30');
  });
});
