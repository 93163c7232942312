import { describe, expect, test } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { breakErrors, breakFailureKey } from './break-form';

describe('a break before it is sent', () => {
  test('both times are required', () => {
    expect(breakErrors({ date: '2026-05-05', startTime: '', endTime: '' })).toMatchObject({ startTime: 'required', endTime: 'required' });
  });
  test('the end comes after the start', () => {
    expect(breakErrors({ date: '2026-05-05', startTime: '12:00', endTime: '12:00' })).toEqual({ endTime: 'endBeforeStart' });
    expect(breakErrors({ date: '2026-05-05', startTime: '12:30', endTime: '12:00' })).toEqual({ endTime: 'endBeforeStart' });
    expect(breakErrors({ date: '2026-05-05', startTime: '12:00', endTime: '12:30' })).toEqual({});
  });
});

describe('a refused break says why', () => {
  test('422: a reserved appointment is in the way; 423: the time has gone', () => {
    expect(breakFailureKey(new ApiError(422, 'errors.timeslotTaken', 'taken'))).toBe('expert.booking.breaks.overlaps');
    expect(breakFailureKey(new ApiError(423, 'errors.timeslotPast', 'past'))).toBe('expert.booking.breaks.past');
  });
  test('field errors ask to check the fields; anything else is the saving error', () => {
    expect(
      breakFailureKey(new ApiError(400, 'errors.validation', 'bad', [{ field: 'startTime', messageKey: 'invalid', message: 'Invalid' }])),
    ).toBe('staff.checkFields');
    expect(breakFailureKey(new ApiError(500, 'errors.processing', 'x'))).toBe('staff.saveError');
    expect(breakFailureKey(new Error('network'))).toBe('staff.saveError');
  });
});
