import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXT_MAX } from '@prsp/contracts';
import { conversationPath, messageCodeError, newMessageErrors, showReplyBanner, withAppended } from './new-message-rules';

const ok = { categoryId: 'c', subcategoryId: 's', text: 'Hello' };

describe('new message form (spec §5)', () => {
  it('needs a category, a subcategory and a text', () => {
    expect(newMessageErrors(ok)).toEqual({});
    expect(newMessageErrors({ categoryId: '', subcategoryId: '', text: '' })).toEqual({
      categoryId: 'messages.create.errors.category',
      subcategoryId: 'messages.create.errors.subcategory',
      text: 'messages.create.errors.text',
    });
  });

  it('counts a text of only HTML tags or spaces as empty, and refuses one over 2000 characters', () => {
    expect(newMessageErrors({ ...ok, text: ' <p><br></p> ' }).text).toBe('messages.create.errors.text');
    expect(newMessageErrors({ ...ok, text: 'a'.repeat(MESSAGE_TEXT_MAX) })).toEqual({});
    expect(newMessageErrors({ ...ok, text: 'a'.repeat(MESSAGE_TEXT_MAX + 1) }).text).toBe('messages.create.errors.tooLong');
  });

  it('asks for a message code when the field is empty', () => {
    expect(messageCodeError(' ')).toBe('messages.code.errors.required');
    expect(messageCodeError('ABC')).toBeUndefined();
  });
});

describe('conversation view', () => {
  it('opens a request through its subcategory and a direct one by its id', () => {
    expect(conversationPath({ id: 'r 1', kind: 'request', subcategoryId: 's1' })).toBe('/messages/subcategory/s1/r%201');
    expect(conversationPath({ id: 'd1', kind: 'direct', subcategoryId: null })).toBe('/messages/d1');
  });

  it('shows the info banner only when the last message is not the patient own', () => {
    expect(showReplyBanner([])).toBe(false);
    expect(showReplyBanner([{ isOwn: false }, { isOwn: true }])).toBe(false);
    expect(showReplyBanner([{ isOwn: true }, { isOwn: false }])).toBe(true);
  });

  it('appends sent items once, until the refetched thread has them', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    expect(withAppended([a], [b])).toEqual([a, b]);
    expect(withAppended([a, b], [b])).toEqual([a, b]);
  });
});
