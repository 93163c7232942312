import { stripHtmlTags, type ConversationMessage } from '@prsp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { FileStore } from '../../platform/files/file-store';
import { recordFile, type StoredUpload } from '../../platform/files/stored-files';
import type { VirusScanner } from '../../platform/files/virus-scan';
import { throwIfFieldIssues } from '../../platform/field-errors';
import type { MessagingEvents } from './conversations-events';
import type { Emit } from '../../platform/events/event-hub';
import * as repo from './conversations.repo';
import type { NotifyDeps } from './message-notifications';

/** What the services of both sides send with. */
export type MessagingDeps = {
  db: Db;
  cipher: FieldCipher;
  files: FileStore;
  events: MessagingEvents;
  emit: Emit;
  notify: NotifyDeps;
  /** The configured virus scanner (docs/messaging.md 'Virus scanning'), or null. */
  scanner: VirusScanner | null;
  log: FastifyBaseLogger;
};

/** Who writes: the patient (`patientId` the person who signed in, a delegate too) or an expert. */
export type Author =
  { kind: 'patient'; patientId: string; name: string; reader: string } | { kind: 'expert'; expertId: string; name: string };

/** Spec §5 'Text sanitising removes HTML tags': done here, before anything is stored; surrounding blanks go too. */
export function cleanText(text: string | undefined): string {
  return stripHtmlTags(text ?? '').trim();
}

/** A send needs something to send: text, files or both (spec §5 'Reply send disabled with no text and no attachments'). */
export function requireContent(text: string, fileCount: number, textRequired = false): void {
  if (text === '' && (textRequired || fileCount === 0)) throwIfFieldIssues([{ field: 'text', key: 'required' }]);
}

/**
 * Writes one send in the caller's transaction: the text row, then a file row and a message row per attachment (in
 * the order sent), the conversation's last-message time, and the author's read mark (their own send is read).
 * Answers the stored messages as the author sees them.
 */
export async function writeSend(
  emit: Emit,
  tx: Tx,
  c: repo.ConversationRow,
  author: Author,
  text: string,
  stored: readonly StoredUpload[],
): Promise<ConversationMessage[]> {
  const by = author.kind === 'patient' ? { authorPatientId: author.patientId } : { authorExpertId: author.expertId };
  const rows: Omit<repo.NewMessage, 'conversationId'>[] = [];
  if (text !== '') rows.push({ ...by, type: 'text', body: text, position: 0 });
  for (const [i, upload] of stored.entries()) {
    const file = await recordFile(tx, upload, { kind: 'conversation', id: c.id });
    rows.push({ ...by, type: 'file', fileId: file.id, position: i + 1 });
  }
  const inserted = await repo.insertMessages(tx, c.id, rows);
  await repo.markRead(tx, c.id, author.kind === 'patient' ? author.reader : repo.readerOf.expert(author.expertId));
  // A patient's send is a message the organisation received (its integrations hear of it: docs/webhooks.md); an
  // expert's is an answer to the patient (a web push when they want one: docs/notifications.md).
  if (author.kind === 'patient')
    await emit(tx, 'message.received', { organisationId: c.organisationId, conversationId: c.id, messageIds: inserted.map((m) => m.id) });
  else await emit(tx, 'message.answered', { organisationId: c.organisationId, conversationId: c.id, patientId: c.patientId });
  return inserted.map((m) => ({
    id: m.id,
    name: author.name,
    date: m.createdAt.toISOString(),
    isRead: false,
    isOwn: true,
    type: m.type,
    content: m.type === 'file' ? stored[m.position - 1]!.filename : (m.body ?? ''),
  }));
}
