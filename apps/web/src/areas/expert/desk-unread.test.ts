import { describe, expect, test } from 'vitest';
import { pageTitle } from '@/lib/use-page-title';
import { titleCount } from './desk-unread';

describe('the tab title counts waiting patients and unread messages (issue 32)', () => {
  test('waiting patients and unread add up', () => {
    expect(titleCount({ waiting: 1, unreadChats: 0, inbox: 0, openConversations: 0 })).toBe(1);
    expect(titleCount({ waiting: 1, unreadChats: 1, inbox: 2, openConversations: 3 })).toBe(7);
  });
  test('nothing waiting or unread: no count', () => {
    const count = titleCount({ waiting: 0, unreadChats: 0, inbox: 0, openConversations: 0 });
    expect(count).toBe(0);
    expect(pageTitle('Työpöytä', 'Espoo', 'PRSP', count)).toBe('Työpöytä – Espoo');
  });
  test("the count comes first, then the page's own title", () => {
    const count = titleCount({ waiting: 2, unreadChats: 0, inbox: 0, openConversations: 0 });
    expect(pageTitle('Työpöytä', 'Espoo', 'PRSP', count)).toBe('(2) Työpöytä – Espoo');
  });
});
