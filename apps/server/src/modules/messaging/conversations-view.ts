import type { Conversation, ConversationMessage, ExpertConversation } from '@prsp/contracts';
import type { ListRow, ThreadMessage } from './conversations.repo';

/** A conversation as the patient's list and thread show it. */
export function toConversation(row: ListRow): Conversation {
  const c = row.conversation;
  return {
    id: c.id,
    kind: c.kind,
    subject: c.subject,
    categoryId: c.categoryId,
    subcategoryId: c.subcategoryId,
    categoryName: row.categoryName,
    subcategoryName: row.subcategoryName,
    unreadMessages: row.unread,
    date: c.lastMessageAt.toISOString(),
    status: c.status,
    // Spec §2 'Reply button (disabled for subcategory conversations)'; an ended one takes no replies either.
    canReply: c.kind === 'direct' && c.status === 'open',
  };
}

/** A conversation as the expert's lists and thread show it (spec §3 'List item in expert view'). */
export function toExpertConversation(row: ListRow): ExpertConversation {
  const c = row.conversation;
  return {
    id: c.id,
    kind: c.kind,
    subject: c.subject,
    name: row.patientName,
    unreadMessages: row.unread,
    expertName: c.expertId ? row.expertName : null,
    expertSpecializations: c.expertId ? (row.expertSpecializations ?? []) : [],
    categoryId: c.categoryId,
    subcategoryId: c.subcategoryId,
    categoryName: row.categoryName,
    subcategoryName: row.subcategoryName,
    lastMessageDate: c.lastMessageAt.toISOString(),
    hasAttachments: row.hasAttachments,
    status: c.status,
  };
}

/** Who reads a thread, and how far each side has read it. */
export type ThreadReader =
  | { kind: 'patient'; patientReadAt: Date | null; expertsReadAt: Date | null }
  | { kind: 'expert'; expertId: string; myReadAt: Date | null; patientReadAt: Date | null };

const readBy = (mark: Date | null, at: Date) => mark !== null && mark.getTime() >= at.getTime();

/**
 * A thread's rows as the reader sees them. Own rows are the reader's side's (any patient row for the patient: a
 * delegate's too; the expert's own rows for an expert); an own row is read when the other side's mark has passed
 * it, another's when the reader's has.
 */
export function toMessages(rows: readonly ThreadMessage[], reader: ThreadReader): ConversationMessage[] {
  return rows.map((m) => {
    const isOwn = reader.kind === 'patient' ? m.authorPatientId !== null : m.authorExpertId === reader.expertId;
    const mark =
      reader.kind === 'patient' ? (isOwn ? reader.expertsReadAt : reader.patientReadAt) : isOwn ? reader.patientReadAt : reader.myReadAt;
    return {
      id: m.id,
      name: m.authorName ?? '',
      date: m.createdAt.toISOString(),
      isRead: readBy(mark, m.createdAt),
      isOwn,
      type: m.type,
      content: m.type === 'file' ? (m.filename ?? '') : (m.body ?? ''),
    };
  });
}
