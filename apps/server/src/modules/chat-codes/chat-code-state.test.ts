import { describe, expect, test } from 'vitest';
import { chatCodeRefusal, normalizeChatCode, type ChatCodeTerms } from './chat-code-state';

const now = new Date('2026-03-29T01:30:00Z');
const base: ChatCodeTerms = { startsAt: new Date('2026-01-01T00:00:00Z'), expiresAt: null, usesPerCode: 1, useCount: 0 };

describe('chatCodeRefusal', () => {
  test.each<[string, Partial<ChatCodeTerms>, ReturnType<typeof chatCodeRefusal>]>([
    ['started, no expiry, unused', {}, null],
    ['starts exactly now', { startsAt: now }, null],
    ['starts a millisecond later', { startsAt: new Date(now.getTime() + 1) }, 202],
    ['expires later', { expiresAt: new Date(now.getTime() + 1) }, null],
    ['expires exactly now', { expiresAt: now }, 203],
    ['expired', { expiresAt: new Date('2026-01-02T00:00:00Z') }, 203],
    ['one use left of several', { usesPerCode: 3, useCount: 2 }, null],
    ['used up', { usesPerCode: 3, useCount: 3 }, 204],
    ['over-used', { usesPerCode: 1, useCount: 5 }, 204],
    ['not started and used up: not yet comes first', { startsAt: new Date('2099-01-01T00:00:00Z'), useCount: 1 }, 202],
    ['expired and used up: expired comes first', { expiresAt: new Date('2020-12-31T00:00:00Z'), useCount: 1 }, 203],
  ])('%s', (_name, patch, expected) => {
    expect(chatCodeRefusal({ ...base, ...patch }, now)).toBe(expected);
  });
});

describe('normalizeChatCode', () => {
  test('trims and upper-cases what the patient typed', () => {
    expect(normalizeChatCode('  physio2026\t')).toBe('PHYSIO2026');
    expect(normalizeChatCode('   ')).toBe('');
  });
});
