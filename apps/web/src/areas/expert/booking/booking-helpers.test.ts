import { describe, expect, test } from 'vitest';
import type { AppointmentRow, Break } from '@prsp/contracts';
import {
  backTarget,
  filtersFromSearch,
  minutesBetween,
  pageFromSearch,
  scheduleEntries,
  startState,
  appointmentType,
  searchOfFilters,
  shownStatus,
  withWhom,
} from './booking-helpers';

const at = (iso: string) => Date.parse(iso);

function row(over: Partial<AppointmentRow>): AppointmentRow {
  return {
    id: 'a1',
    kind: 'oneOnOne',
    status: 'booked',
    name: 'Eeva Asiantuntija',
    startTime: at('2026-05-05T07:00:00Z'),
    endTime: at('2026-05-05T07:30:00Z'),
    duration: 30,
    expert: { id: 'e1', name: 'Eeva Asiantuntija' },
    service: null,
    patientName: 'Matti Meikäläinen',
    participantCount: 2,
    heldUntil: null,
    video: false,
    visit: null,
    cancelReason: null,
    ...over,
  };
}

describe('booking statuses (spec §4)', () => {
  test('selfBooked and booked are both Reserved, open is Free', () => {
    expect(shownStatus('selfBooked')).toBe('reserved');
    expect(shownStatus('booked')).toBe('reserved');
    expect(shownStatus('open')).toBe('free');
    expect(shownStatus('cancelled')).toBe('cancelled');
  });

  test('a one-to-one shows the patient, a group its name, a free slot no one', () => {
    expect(withWhom(row({}))).toBe('Matti Meikäläinen');
    expect(withWhom(row({ kind: 'group', name: 'Diabetesryhmä', patientName: null }))).toBe('Diabetesryhmä');
    expect(withWhom(row({ status: 'open', patientName: null }))).toBe('');
  });
});

describe('the day in time order', () => {
  test('appointments and breaks interleave by start; a break first when both start together', () => {
    const lunch: Break = { id: 'b1', startTime: at('2026-05-05T08:00:00Z'), endTime: at('2026-05-05T08:30:00Z') };
    const early: Break = { id: 'b0', startTime: at('2026-05-05T05:00:00Z'), endTime: at('2026-05-05T05:15:00Z') };
    const nine = row({ id: 'a9', startTime: at('2026-05-05T06:00:00Z'), endTime: at('2026-05-05T06:30:00Z') });
    const eleven = row({ id: 'a11', status: 'open', startTime: at('2026-05-05T08:00:00Z'), endTime: at('2026-05-05T08:30:00Z') });
    const entries = scheduleEntries([eleven, nine], [lunch, early]);
    expect(entries.map((e) => e.key)).toEqual(['b-b0', 'a-a9', 'b-b1', 'a-a11']);
    expect(entries.map((e) => ('status' in e ? e.status : e.type))).toEqual(['break', 'reserved', 'break', 'free']);
  });

  test('today: a now line where the time falls, free times that have begun unbooked, a visit’s state instead of Reserved', () => {
    const nine = row({ id: 'a9', visit: 'held', startTime: at('2026-05-05T06:00:00Z'), endTime: at('2026-05-05T06:30:00Z') });
    const ten = row({
      id: 'a10',
      status: 'open',
      patientName: null,
      startTime: at('2026-05-05T07:00:00Z'),
      endTime: at('2026-05-05T07:30:00Z'),
    });
    const eleven = row({
      id: 'a11',
      status: 'open',
      patientName: null,
      startTime: at('2026-05-05T08:00:00Z'),
      endTime: at('2026-05-05T08:30:00Z'),
    });
    const entries = scheduleEntries([eleven, ten, nine], [], { now: at('2026-05-05T07:10:00Z'), line: true });
    expect(entries.map((e) => ('status' in e ? e.status : e.type))).toEqual(['held', 'unused', 'now', 'free']);
    expect(scheduleEntries([], [], { now: at('2026-05-05T07:10:00Z'), line: true })).toEqual([]);
    // Another day: no line, but a past day's free times are not free either.
    expect(scheduleEntries([ten], [], { now: at('2026-05-06T07:10:00Z'), line: false }).map((e) => e.key)).toEqual(['a-a10']);
  });

  test('the marker says how it is held, and start opens 5 minutes before the start until the end', () => {
    expect(appointmentType(row({}))).toBe('chat');
    expect(appointmentType(row({ video: true }))).toBe('video');
    expect(appointmentType(row({ kind: 'group', video: true }))).toBe('groupVideo');
    const a = row({ startTime: at('2026-05-05T07:00:00Z'), endTime: at('2026-05-05T07:30:00Z') });
    expect(startState(a, at('2026-05-05T06:54:00Z'))).toBe('soon');
    expect(startState(a, at('2026-05-05T06:55:00Z'))).toBe('open');
    expect(startState(a, at('2026-05-05T07:30:00Z'))).toBe('none');
    expect(startState(row({ status: 'open' }), at('2026-05-05T07:00:00Z'))).toBe('none');
  });

  test('a break lasts its minutes', () => {
    expect(minutesBetween(at('2026-05-05T08:00:00Z'), at('2026-05-05T08:45:00Z'))).toBe(45);
  });
});

describe('lists keep their place in the address', () => {
  const today = '2026-05-05';

  test('the Back link returns only within the expert app', () => {
    expect(backTarget({ back: '/expert/allBookings?status=booked' })).toBe('/expert/allBookings?status=booked');
    expect(backTarget({ back: 'https://evil.example/' })).toBe('/expert/schedule');
    expect(backTarget({ back: '//evil.example/expert/' })).toBe('/expert/schedule');
    expect(backTarget(null)).toBe('/expert/schedule');
    expect(backTarget(undefined)).toBe('/expert/schedule');
  });

  test('the filters default to from today, page 1; bad values are dropped', () => {
    expect(filtersFromSearch(new URLSearchParams(''), today)).toEqual({ from: today, to: undefined, status: undefined, page: 1 });
    expect(filtersFromSearch(new URLSearchParams('from=2026-04-01&to=2026-04-30&status=selfBooked&page=3'), today)).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      status: 'selfBooked',
      page: 3,
    });
    expect(filtersFromSearch(new URLSearchParams('from=yesterday&status=reserved&page=-2'), today)).toEqual({
      from: today,
      to: undefined,
      status: undefined,
      page: 1,
    });
  });

  test('filters go to the address and back unchanged, the defaults left out', () => {
    const filters = { from: '2026-04-01', to: '2026-06-01', status: 'cancelled' as const, openTimes: 'true' as const, page: 2 };
    const search = searchOfFilters(filters, today);
    expect(search.toString()).toBe('from=2026-04-01&to=2026-06-01&status=cancelled&openTimes=true&page=2');
    expect(filtersFromSearch(search, today)).toEqual(filters);
    expect(searchOfFilters({ from: today, page: 1 }, today).toString()).toBe('');
  });

  test('the history page number', () => {
    expect(pageFromSearch(new URLSearchParams('page=4'))).toBe(4);
    expect(pageFromSearch(new URLSearchParams('page=x'))).toBe(1);
    expect(pageFromSearch(new URLSearchParams(''))).toBe(1);
  });
});
