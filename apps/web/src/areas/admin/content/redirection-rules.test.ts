import { describe, expect, test } from 'vitest';
import { newButton, redirectionSelectionError, toggleSelected } from './redirection-rules';

describe('thank-you page redirection buttons (spec §2, §9: 0–2 shown, one primary)', () => {
  test('zero to two shown buttons, at most one primary among them', () => {
    expect(redirectionSelectionError([], [])).toBeUndefined();
    expect(redirectionSelectionError(['a', 'b'], ['a'])).toBeUndefined();
    expect(redirectionSelectionError(['a', 'b', 'c'], [])).toBe('redirectionButtons');
    expect(redirectionSelectionError(['a', 'b'], ['a', 'b'])).toBe('redirectionButtons');
    expect(redirectionSelectionError(['a'], ['b'])).toBe('redirectionButtons');
  });

  test('a third button cannot be switched on; switching one off also drops it as primary', () => {
    expect(toggleSelected(['a', 'b'], [], 'c', true)).toEqual({ selected: ['a', 'b'], primary: [] });
    expect(toggleSelected(['a'], [], 'b', true)).toEqual({ selected: ['a', 'b'], primary: [] });
    expect(toggleSelected(['a', 'b'], ['b'], 'b', false)).toEqual({ selected: ['a'], primary: [] });
  });

  test('a new button gets an id no other has, with empty texts in each language', () => {
    const first = newButton([]);
    expect(first.id).toBe('button-1');
    expect(first.details.se).toEqual({ text: '', url: '' });
    expect(newButton([{ ...first, id: 'button-2' }]).id).toBe('button-3');
  });
});
