import { expect, test } from 'vitest';
import { CHAT_CODE_ALPHABET } from '@prsp/contracts';
import { newChatCode, newChatCodes } from './chat-code-generator';

test('a code has 10 symbols of the unambiguous alphabet', () => {
  for (let i = 0; i < 200; i++) expect(newChatCode()).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
  expect(CHAT_CODE_ALPHABET).toHaveLength(32);
  expect(CHAT_CODE_ALPHABET).not.toMatch(/[01OI]/);
});

test('every byte value maps to a symbol, each symbol by exactly 8 byte values (no bias)', () => {
  const counts = new Map<string, number>();
  for (let b = 0; b < 256; b++) {
    const code = newChatCode((size) => Buffer.alloc(size, b));
    counts.set(code[0]!, (counts.get(code[0]!) ?? 0) + 1);
  }
  expect(counts.size).toBe(32);
  expect([...counts.values()].every((n) => n === 8)).toBe(true);
});

test('a batch has no duplicates even when the source repeats itself', () => {
  let call = 0;
  // The first two draws are equal: the batch must draw again rather than return a duplicate.
  const source = (size: number) => Buffer.alloc(size, call++ < 2 ? 7 : call);
  const codes = newChatCodes(3, source);
  expect(new Set(codes).size).toBe(3);
});
