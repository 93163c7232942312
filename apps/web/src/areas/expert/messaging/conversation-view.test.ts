import { expect, test } from 'vitest';
import { isUnanswered } from './conversation-view';

test('only a request nobody has answered is still in the inbox (answered through its category, left unread for colleagues)', () => {
  expect(isUnanswered({ kind: 'request', expertName: null })).toBe(true);
  expect(isUnanswered({ kind: 'request', expertName: 'Eeva Asiantuntija' })).toBe(false);
  expect(isUnanswered({ kind: 'direct', expertName: 'Eeva Asiantuntija' })).toBe(false);
});
