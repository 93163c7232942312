import { randomUUID } from 'node:crypto';
import {
  isValidSsn,
  stripHtmlTags,
  type CreateConversationFields,
  type ExpertConversation,
  type ExpertConversationThread,
  type MessagingCounts,
  type ZSendMessageFields,
  type SentMessages,
} from '@prsp/contracts';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FileRow } from '../../platform/files/files.tables';
import { patientForIdentityCode, patientIdByIdentityCode } from '../patients/patients.service';
import { audienceOf, expertConversation, type MessagingExpert } from './conversations-access';
import { cleanText, requireContent, writeSend, type MessagingDeps } from './conversations-send';
import { toExpertConversation, toMessages } from './conversations-view';
import * as repo from './conversations.repo';
import type { PatientRead, PatientReads } from '../../platform/audit/patient-reads';
import { checkAttachments, withStoredAttachments, type MessageForm } from './message-attachments';
import { notifyPatientOfMessage } from './message-notifications';

/** The expert's side of async messaging (spec §2 expert messages routes; §3 'List item in expert view'; §4 'Conversation reply'). */

type Actor = { expert: MessagingExpert; ip: string };

function audit(tx: Tx, actor: Actor, action: string, conversationId: string) {
  return recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.expert.userId,
    action,
    objectType: 'conversation',
    objectId: conversationId,
    ip: actor.ip,
  });
}

/** A conversation an answer shows: its patient's data, for the audit of the read. */
function conversationRead(row: { conversation: { id: string; patientId: string; organisationId: string } }): PatientRead {
  const { id, patientId, organisationId } = row.conversation;
  return { patientId, organisationId, objectType: 'conversation', objectId: id };
}

/** A full name as the identity's given and family names: the last word is the family name. */
function splitPatientName(name: string): { givenName: string; familyName: string } {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1
    ? { givenName: parts.slice(0, -1).join(' '), familyName: parts.at(-1)! }
    : { givenName: name.trim(), familyName: '' };
}

/**
 * `POST create-conversation` (spec §5 'Expert new message'): a direct conversation with the patient of the identity
 * code (105 when it is not valid), found by its keyed hash or created as admin bookings do, with the addresses the
 * form gives for the notices; the first message, its files and the notices in one transaction.
 */
export async function createConversation(
  deps: MessagingDeps,
  actor: Actor,
  form: MessageForm<CreateConversationFields>,
): Promise<SentMessages> {
  const { fields } = form;
  if (!isValidSsn(fields.ssn)) throw new AppError(105, { fields: [{ field: 'ssn', key: 'ssn' }] });
  const text = cleanText(fields.text);
  const subject = stripHtmlTags(fields.subject).trim();
  requireContent(text, form.files.length, true);
  if (subject === '') throw new AppError(400, { fields: [{ field: 'subject', key: 'required' }] });
  const attachments = await checkAttachments(form.files, deps.scanner, deps.log);
  const id = randomUUID();
  const { messages, audience } = await withStoredAttachments(deps.files, attachments, deps.log, (stored) =>
    deps.db.transaction(async (tx) => {
      const patient = await patientForIdentityCode(tx, deps.cipher, { ssn: fields.ssn, ...splitPatientName(fields.name) });
      const c = await repo.insertConversation(tx, {
        id,
        organisationId: actor.expert.organisationId,
        patientId: patient.id,
        kind: 'direct',
        subject,
        expertId: actor.expert.id,
        notifyEmail: fields.email,
        notifyMobile: fields.mobile,
        smsNotification: fields.smsNotification === 'true',
      });
      const messages = await writeSend(
        deps.emit,
        tx,
        c,
        { kind: 'expert', expertId: actor.expert.id, name: actor.expert.name },
        text,
        stored,
      );
      await notifyPatientOfMessage(tx, deps.notify, c);
      await audit(tx, actor, 'conversation.create', id);
      return { messages, audience: await audienceOf(tx, c) };
    }),
  );
  deps.events.changed(id, audience);
  return { conversationId: id, messages };
}

/**
 * `POST conversations/{id}/send-message` and `categories/{id}/reply/{requestId}`: an expert who may see the
 * conversation writes in it while it is open. The first expert to answer a request becomes its expert (it leaves the
 * inbox of the others and joins their open conversations); the patient is notified.
 */
export async function sendMessage(
  deps: MessagingDeps,
  actor: Actor,
  conversationId: string,
  form: MessageForm<z.infer<typeof ZSendMessageFields>>,
  requestOf?: { categoryId: string },
): Promise<SentMessages> {
  const text = cleanText(form.fields.text);
  requireContent(text, form.files.length);
  const check = (c: repo.ConversationRow) => {
    if (requestOf && (c.kind !== 'request' || c.categoryId !== requestOf.categoryId)) throw new AppError(404);
    if (c.status !== 'open') throw new AppError(403, { detail: 'the conversation has ended' });
  };
  check(await expertConversation(deps.db, actor.expert, conversationId));
  const attachments = await checkAttachments(form.files, deps.scanner, deps.log);
  const { messages, audience } = await withStoredAttachments(deps.files, attachments, deps.log, (stored) =>
    deps.db.transaction(async (tx) => {
      let c = await expertConversation(tx, actor.expert, conversationId, true);
      check(c);
      if (c.expertId === null) {
        await repo.updateConversation(tx, c.id, { expertId: actor.expert.id });
        c = { ...c, expertId: actor.expert.id };
      }
      const messages = await writeSend(
        deps.emit,
        tx,
        c,
        { kind: 'expert', expertId: actor.expert.id, name: actor.expert.name },
        text,
        stored,
      );
      await notifyPatientOfMessage(tx, deps.notify, c);
      await audit(tx, actor, 'conversation.message', c.id);
      return { messages, audience: await audienceOf(tx, c) };
    }),
  );
  deps.events.changed(conversationId, audience);
  return { conversationId, messages };
}

/** `GET categories/{id}/requests`: the inbox of a category of the organisation (another's is 404). */
export async function inbox(db: Db, expert: MessagingExpert, categoryId: string, reads: PatientReads): Promise<ExpertConversation[]> {
  if (!(await repo.categoryIn(db, expert.organisationId, categoryId))) throw new AppError(404);
  const rows = await repo.expertConversations(db, expert, { view: { kind: 'inbox', categoryId } });
  reads.show(rows.map(conversationRead));
  return rows.map(toExpertConversation);
}

export type ExpertListQuery = { isClosed?: 'true' | 'false'; name?: string; ssn?: string; subject?: string };

/** `GET conversations`: open (or, with isClosed=true, ended) conversations the expert started or whose requests were answered. */
export async function listConversations(
  deps: Pick<MessagingDeps, 'db' | 'cipher'>,
  expert: MessagingExpert,
  q: ExpertListQuery,
  reads: PatientReads,
) {
  const ssn = q.ssn?.trim();
  // Identity codes are stored encrypted: a search goes by the keyed hash, and a code that is not valid finds nobody.
  const patientIds = ssn
    ? isValidSsn(ssn)
      ? [await patientIdByIdentityCode(deps.db, deps.cipher, ssn)].filter((i): i is string => !!i)
      : []
    : undefined;
  const rows = await repo.expertConversations(deps.db, expert, {
    view: { kind: 'conversations', status: q.isClosed === 'true' ? 'closed' : 'open' },
    name: q.name?.trim() || undefined,
    subject: q.subject?.trim() || undefined,
    patientIds,
  });
  reads.show(rows.map(conversationRead));
  return rows.map(toExpertConversation);
}

/** `GET conversations/{id}/messages` and `subcategories/{subId}/messages/{id}`: the thread (a read of the patient's messages). */
export async function thread(
  db: Db,
  actor: Actor,
  reads: PatientReads,
  conversationId: string,
  subcategoryId?: string,
): Promise<ExpertConversationThread> {
  const c = await expertConversation(db, actor.expert, conversationId);
  if (subcategoryId !== undefined && c.subcategoryId !== subcategoryId) throw new AppError(404);
  const [[row], messages, readMarks] = await Promise.all([
    repo.expertConversations(db, actor.expert, { view: { kind: 'one', id: c.id } }),
    repo.messagesOf(db, c.id),
    repo.readsOf(db, c.id),
  ]);
  reads.show([conversationRead({ conversation: c })]);
  const mark = (reader: string) => readMarks.find((r) => r.reader === reader)?.readAt ?? null;
  return {
    conversation: toExpertConversation(row!),
    messages: toMessages(messages, {
      kind: 'expert',
      expertId: actor.expert.id,
      myReadAt: mark(repo.readerOf.expert(actor.expert.id)),
      patientReadAt: mark(repo.readerOf.patient(c.patientId)),
    }),
  };
}

/** `POST conversations/{id}/end` and `reopen`: an ended conversation takes no messages until it is reopened. */
export async function setStatus(deps: MessagingDeps, actor: Actor, conversationId: string, status: 'open' | 'closed'): Promise<void> {
  const audience = await deps.db.transaction(async (tx) => {
    const c = await expertConversation(tx, actor.expert, conversationId, true);
    if (c.status !== status) {
      await repo.updateConversation(tx, c.id, { status, closedAt: status === 'closed' ? new Date() : null });
      await audit(tx, actor, status === 'closed' ? 'conversation.end' : 'conversation.reopen', c.id);
    }
    return audienceOf(tx, c);
  });
  deps.events.changed(conversationId, audience);
}

/** `POST conversations/{id}/mark-as-read`: this expert's own mark (each expert of a subcategory reads for themself). */
export async function markRead(deps: MessagingDeps, expert: MessagingExpert, conversationId: string): Promise<void> {
  const audience = await deps.db.transaction(async (tx) => {
    const c = await expertConversation(tx, expert, conversationId);
    await repo.markRead(tx, c.id, repo.readerOf.expert(expert.id));
    return audienceOf(tx, c);
  });
  deps.events.changed(conversationId, audience);
}

export function counts(db: Db, expert: MessagingExpert): Promise<MessagingCounts> {
  return repo.expertCounts(db, expert);
}

/** `GET {messageId}/attachment`: the file of a message in a conversation the expert may see (audited). */
export async function attachment(
  db: Db,
  actor: Actor,
  messageId: string,
  reads: PatientReads,
): Promise<{ file: FileRow | null; conversationId: string }> {
  const row = await repo.messageWithFile(db, messageId);
  if (!row || row.message.type !== 'file') throw new AppError(404);
  const c = await expertConversation(db, actor.expert, row.conversation.id);
  reads.show([conversationRead({ conversation: c })]);
  return { file: row.file, conversationId: row.conversation.id };
}
