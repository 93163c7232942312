import { randomUUID } from 'node:crypto';
import type { Conversation, ConversationThread, RequestConversationFields, ZSendMessageFields, SentMessages } from '@prsp/contracts';
import type { z } from 'zod/mini';
import { isValidSsn } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { patientActor } from '../../platform/access/patient-access';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FileRow } from '../../platform/files/files.tables';
import { audienceOf, patientConversation, type MessagingPatient } from './conversations-access';
import { cleanText, requireContent, writeSend, type Author, type MessagingDeps } from './conversations-send';
import { toConversation, toMessages } from './conversations-view';
import * as repo from './conversations.repo';
import { checkAttachments, withStoredAttachments, type MessageForm } from './message-attachments';
import { consumeMessageCode } from './categories-read.service';
import { patientIdByIdentityCode } from '../patients/patients.service';

/** The patient's side of async messaging (spec §2 'Messages', 'Conversation', 'New message'; §4 'New message flow'). */

async function authorOf(tx: Tx, ctx: MessagingPatient): Promise<Author> {
  const me = await repo.patientNames(tx, ctx.signedInPatientId);
  return {
    kind: 'patient',
    patientId: ctx.signedInPatientId,
    name: me ? `${me.given} ${me.family}` : '',
    reader: repo.readerOf.patient(ctx.patientId),
  };
}

/**
 * Whether the patient may write a request to the subcategory: both it and its category enabled, in the
 * organisation, the category the one named; open, or restricted and reached with a message code (checked and counted
 * by `consumeMessageCode` in the send's transaction). Anything else is 404, a restricted one without a code 201.
 */
async function requestTarget(tx: Tx, ctx: MessagingPatient, fields: RequestConversationFields) {
  const target = await repo.subcategoryIn(tx, ctx.organisation.id, fields.subcategoryId);
  if (!target || target.category.id !== fields.categoryId || target.category.isDisabled || target.subcategory.isDisabled)
    throw new AppError(404, { detail: 'no such enabled subcategory' });
  const open = target.category.openAccess && target.subcategory.openAccess;
  if (!open && !fields.messageCode) throw new AppError(201, { fields: [{ field: 'messageCode', key: 'required' }] });
  return target;
}

/** `POST request-conversation`: a new `request` conversation to a subcategory, its text and files in one transaction. */
export async function requestConversation(
  deps: MessagingDeps,
  ctx: MessagingPatient,
  ip: string,
  form: MessageForm<RequestConversationFields>,
): Promise<SentMessages> {
  const { fields } = form;
  const text = cleanText(fields.text);
  requireContent(text, form.files.length, true);
  // Checked before any byte is stored: a refused request uploads nothing.
  await requestTarget(deps.db, ctx, fields);
  const attachments = await checkAttachments(form.files, deps.scanner, deps.log);
  const id = randomUUID();
  const { messages, audience } = await withStoredAttachments(deps.files, attachments, deps.log, (stored) =>
    deps.db.transaction(async (tx) => {
      await requestTarget(tx, ctx, fields);
      if (fields.messageCode) await consumeMessageCode(tx, ctx.organisation.id, fields.messageCode, fields.subcategoryId);
      const c = await repo.insertConversation(tx, {
        id,
        organisationId: ctx.organisation.id,
        patientId: ctx.patientId,
        createdByPatientId: ctx.signedInPatientId,
        kind: 'request',
        categoryId: fields.categoryId,
        subcategoryId: fields.subcategoryId,
      });
      const messages = await writeSend(deps.emit, tx, c, await authorOf(tx, ctx), text, stored);
      await recordAudit(tx, { ...patientActor(ctx, ip), action: 'conversation.request', objectType: 'conversation', objectId: id });
      return { messages, audience: await audienceOf(tx, c) };
    }),
  );
  deps.events.changed(id, audience);
  return { conversationId: id, messages };
}

/** A patient may write only in an open direct conversation: a request is read-only for them, an ended one for both. */
function assertPatientMayWrite(c: repo.ConversationRow): void {
  if (c.kind !== 'direct') throw new AppError(403, { detail: 'a request conversation is read-only for the patient' });
  if (c.status !== 'open') throw new AppError(403, { detail: 'the conversation has ended' });
}

/** `POST conversations/{id}/send-message`. */
export async function sendMessage(
  deps: MessagingDeps,
  ctx: MessagingPatient,
  ip: string,
  conversationId: string,
  form: MessageForm<z.infer<typeof ZSendMessageFields>>,
): Promise<SentMessages> {
  const text = cleanText(form.fields.text);
  requireContent(text, form.files.length);
  assertPatientMayWrite(await patientConversation(deps.db, ctx, conversationId));
  const attachments = await checkAttachments(form.files, deps.scanner, deps.log);
  const { messages, audience } = await withStoredAttachments(deps.files, attachments, deps.log, (stored) =>
    deps.db.transaction(async (tx) => {
      const c = await patientConversation(tx, ctx, conversationId, true);
      assertPatientMayWrite(c);
      const messages = await writeSend(deps.emit, tx, c, await authorOf(tx, ctx), text, stored);
      await recordAudit(tx, { ...patientActor(ctx, ip), action: 'conversation.message', objectType: 'conversation', objectId: c.id });
      return { messages, audience: await audienceOf(tx, c) };
    }),
  );
  deps.events.changed(conversationId, audience);
  return { conversationId, messages };
}

export type PatientListQuery = { isClosed?: 'true' | 'false'; name?: string; ssn?: string; subject?: string };

/**
 * `GET conversations?isClosed&name&ssn&subject` (spec §3 'Conversation list filters'): newest first, with unread
 * counts; without isClosed, open and ended alike. `name` and `subject` are case-insensitive parts of a participant's
 * name (the patient's or the expert's) and of the subject; `ssn` goes by the keyed hash (codes are stored encrypted),
 * so it finds the list only when it is the identity code of the patient whose list this is.
 */
export async function listConversations(
  deps: Pick<MessagingDeps, 'db' | 'cipher'>,
  ctx: MessagingPatient,
  q: PatientListQuery = {},
): Promise<Conversation[]> {
  const ssn = q.ssn?.trim();
  if (ssn && (!isValidSsn(ssn) || (await patientIdByIdentityCode(deps.db, deps.cipher, ssn)) !== ctx.patientId)) return [];
  const status = q.isClosed === undefined ? undefined : q.isClosed === 'true' ? 'closed' : 'open';
  const rows = await repo.patientConversations(deps.db, {
    organisationId: ctx.organisation.id,
    patientId: ctx.patientId,
    status,
    name: q.name?.trim() || undefined,
    subject: q.subject?.trim() || undefined,
  });
  return rows.map(toConversation);
}

/**
 * `GET conversations/{id}/messages` (any of the patient's conversations, a request too, as the expert's route does)
 * and `subcategories/{subId}/messages/{id}` (a request of that subcategory only): the thread, under the same access
 * check. A delegate reading the principal's thread is audited.
 */
export async function thread(
  db: Db,
  ctx: MessagingPatient,
  ip: string,
  conversationId: string,
  expect: { kind: 'any' } | { kind: 'request'; subcategoryId: string },
): Promise<ConversationThread> {
  const c = await patientConversation(db, ctx, conversationId);
  if (expect.kind === 'request' && (c.kind !== 'request' || c.subcategoryId !== expect.subcategoryId)) throw new AppError(404);
  const [[row], messages, reads] = await Promise.all([
    repo.patientConversations(db, { organisationId: ctx.organisation.id, patientId: ctx.patientId, id: c.id }),
    repo.messagesOf(db, c.id),
    repo.readsOf(db, c.id),
  ]);
  if (ctx.actingForPatientId)
    await recordAudit(db, { ...patientActor(ctx, ip), action: 'conversation.view', objectType: 'conversation', objectId: c.id });
  const patientReadAt = reads.find((r) => r.reader === repo.readerOf.patient(ctx.patientId))?.readAt ?? null;
  const expertMarks = reads.filter((r) => r.reader.startsWith('expert:')).map((r) => r.readAt.getTime());
  const expertsReadAt = expertMarks.length > 0 ? new Date(Math.max(...expertMarks)) : null;
  return { conversation: toConversation(row!), messages: toMessages(messages, { kind: 'patient', patientReadAt, expertsReadAt }) };
}

/** `POST conversations/{id}/mark-as-read`: the patient's mark (the principal's while acting) moves to now. */
export async function markRead(deps: MessagingDeps, ctx: MessagingPatient, conversationId: string): Promise<void> {
  const audience = await deps.db.transaction(async (tx) => {
    const c = await patientConversation(tx, ctx, conversationId);
    await repo.markRead(tx, c.id, repo.readerOf.patient(ctx.patientId));
    return audienceOf(tx, c);
  });
  deps.events.changed(conversationId, audience);
}

/** `GET {messageId}/attachment`: the file of a message in one of the patient's conversations. */
export async function attachment(
  db: Db,
  ctx: MessagingPatient,
  messageId: string,
): Promise<{ file: FileRow | null; conversationId: string }> {
  const row = await repo.messageWithFile(db, messageId);
  if (!row || row.message.type !== 'file') throw new AppError(404);
  await patientConversation(db, ctx, row.conversation.id);
  return { file: row.file, conversationId: row.conversation.id };
}
