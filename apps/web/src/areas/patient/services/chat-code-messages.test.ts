import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { chatCodeMessage } from './chat-code-messages';

const fail = (code: number) => new ApiError(code, 'errors.x', 'x');

describe('chat code messages (spec §8)', () => {
  it('maps each status code to its text, with 202 as the only warning', () => {
    expect(chatCodeMessage(fail(101))).toEqual({ key: 'chatCode.errors.notAuthenticated', tone: 'error' });
    expect(chatCodeMessage(fail(201))).toEqual({ key: 'chatCode.errors.notValid', tone: 'error' });
    expect(chatCodeMessage(fail(202))).toEqual({ key: 'chatCode.errors.notOpenYet', tone: 'warning' });
    expect(chatCodeMessage(fail(203))).toEqual({ key: 'chatCode.errors.expired', tone: 'error' });
    expect(chatCodeMessage(fail(204))).toEqual({ key: 'chatCode.errors.used', tone: 'error' });
    expect(chatCodeMessage(fail(500))).toEqual({ key: 'chatCode.errors.processing', tone: 'error' });
    expect(chatCodeMessage(fail(501))).toEqual({ key: 'chatCode.errors.processing', tone: 'error' });
  });

  it('says from when a code that is not open yet is valid, when the answer tells', () => {
    const early = new ApiError(202, 'errors.codeNotOpenYet', 'x', undefined, '2099-01-01T00:00:00.000Z');
    expect(chatCodeMessage(early)).toEqual({
      key: 'chatCode.errors.notOpenYetValidFrom',
      tone: 'warning',
      validFrom: '2099-01-01T00:00:00.000Z',
    });
  });

  it('treats a network failure as a processing error', () => {
    expect(chatCodeMessage(new TypeError('Failed to fetch'))).toEqual({ key: 'chatCode.errors.processing', tone: 'error' });
  });
});
