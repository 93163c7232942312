import { MESSAGE_TEXT_MAX } from '@prsp/contracts';
import { cleanMessageText } from '@/features/messaging/message-rules';

export type NewMessageValues = { categoryId: string; subcategoryId: string; text: string };
export type NewMessageErrors = Partial<Record<keyof NewMessageValues, string>>;

/**
 * Spec §5 'New message': category required ('Select category from dropdown'), subcategory required ('Select
 * subcategory from dropdown'), text required ('Put correct message', also for a text that is only HTML tags)
 * and at most 2000 characters. Returns the message keys by field; empty when the form may be sent.
 */
export function newMessageErrors(v: NewMessageValues): NewMessageErrors {
  const errors: NewMessageErrors = {};
  if (!v.categoryId) errors.categoryId = 'messages.create.errors.category';
  if (!v.subcategoryId) errors.subcategoryId = 'messages.create.errors.subcategory';
  const text = cleanMessageText(v.text);
  if (!text) errors.text = 'messages.create.errors.text';
  else if (v.text.length > MESSAGE_TEXT_MAX) errors.text = 'messages.create.errors.tooLong';
  return errors;
}

/** Spec §5 'Message code': an empty code says 'Put correct message code'. */
export function messageCodeError(code: string): string | undefined {
  return code.trim() ? undefined : 'messages.code.errors.required';
}

/** Where a conversation opens: a request through its subcategory, a direct one by its id (our routes). */
export function conversationPath(c: { id: string; kind: 'request' | 'direct'; subcategoryId: string | null }): string {
  return c.kind === 'request' && c.subcategoryId
    ? `/messages/subcategory/${encodeURIComponent(c.subcategoryId)}/${encodeURIComponent(c.id)}`
    : `/messages/${encodeURIComponent(c.id)}`;
}

/** Spec §2 'Conversation': the info banner shows when the last message is not the patient's own. */
export function showReplyBanner(messages: readonly { isOwn: boolean }[]): boolean {
  const last = messages.at(-1);
  return last !== undefined && !last.isOwn;
}

/** The thread with the patient's just-sent items appended (spec §4), until a refetch brings them itself. */
export function withAppended<M extends { id: string }>(fetched: readonly M[], appended: readonly M[]): M[] {
  const known = new Set(fetched.map((m) => m.id));
  return [...fetched, ...appended.filter((m) => !known.has(m.id))];
}
