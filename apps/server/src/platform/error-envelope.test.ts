import { describe, expect, test } from 'vitest';
import { AppError } from './app-error';
import { toErrorEnvelope } from './error-envelope';

describe('toErrorEnvelope', () => {
  test('turns a catalogue code into the envelope in the asked language', () => {
    expect(toErrorEnvelope(new AppError(105), 'en')).toEqual({
      status: 'error',
      statusCode: 105,
      errorKey: 'errors.invalidSsn',
      message: expect.stringMatching(/./),
    });
    expect(toErrorEnvelope(new AppError(105), 'fi').message).not.toBe(toErrorEnvelope(new AppError(105), 'en').message);
  });

  test('field keys become message keys and texts only here, in each language', () => {
    const err = new AppError(400, { fields: [{ field: 'email', key: 'required' }] });
    const [fi] = toErrorEnvelope(err, 'fi').fields!;
    const [se] = toErrorEnvelope(err, 'se').fields!;
    expect(fi).toMatchObject({ field: 'email', messageKey: 'fields.required' });
    expect(se!.messageKey).toBe('fields.required');
    expect(fi!.message).not.toBe(se!.message);
  });

  test('a retry time travels as ISO 8601', () => {
    const retryAt = new Date('2026-11-23T10:15:00Z');
    expect(toErrorEnvelope(new AppError(429, { retryAt }), 'en').retryAt).toBe('2026-11-23T10:15:00.000Z');
  });

  test('the open times in the way of a booking travel as they are (issue 28)', () => {
    const openTimes = [{ id: 's1', startTime: 1, endTime: 2 }];
    expect(toErrorEnvelope(new AppError(422, { openTimes }), 'fi').openTimes).toEqual(openTimes);
    expect(toErrorEnvelope(new AppError(422), 'fi')).not.toHaveProperty('openTimes');
  });

  test('the detail meant for the log never reaches the envelope', () => {
    const envelope = toErrorEnvelope(new AppError(500, { detail: 'secret table name' }), 'en');
    expect(JSON.stringify(envelope)).not.toContain('secret');
  });
});
