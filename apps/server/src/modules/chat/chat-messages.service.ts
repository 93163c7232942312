import { randomUUID } from 'node:crypto';
import { CHAT_LIMITS, type ChatMessage } from '@prsp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { FileStore } from '../../platform/files/file-store';
import { recordFile, removeStored, storeUpload } from '../../platform/files/stored-files';
import type { ReceivedFile } from '../../platform/files/multipart-reader';
import type { VirusScanner } from '../../platform/files/virus-scan';
import * as repo from './chat.repo';
import type { PatientReads } from '../../platform/audit/patient-reads';
import { channelReads } from './chat-reads';
import type { ChatDeps } from './chat-channels.service';
import type { UploadParties } from '../../platform/files/upload-allowance';
import { callerUserId, channelFor, writableChannel, type ChatCaller, type ChatIdentity } from './chat-participants';
import { toMessage } from './chat-view';
import { scanAttachment, sniffAttachment } from '../../platform/files/attachment-check';
import { UNIQUE_VIOLATION, sqlState } from '../../platform/db-errors';
import { insertText, type TextSender } from './chat-text.repo';

type Draft = { id: string; kind: 'text' | 'file'; text: string; fileId?: string };

/**
 * Stores one message under the channel's row lock and answers it. The id is the client's: a resend of a stored
 * message (same id, same channel, same sender) answers the stored one and stores nothing; `repeat` tells the caller
 * not to broadcast it again. The same id from anyone else is refused.
 */
async function store(tx: Tx, channelId: string, me: ChatIdentity, draft: Draft): Promise<{ message: ChatMessage; repeat: boolean }> {
  const channel = await repo.lockChannel(tx, channelId);
  if (!channel) throw new AppError(404);
  const existing = await repo.findMessage(tx, draft.id);
  if (existing) {
    if (existing.channelId !== channelId || existing.userId !== me.userId)
      throw new AppError(400, { fields: [{ field: 'id', key: 'duplicate' }] });
    return { message: toMessage((await repo.messageWithFile(tx, draft.id))!), repeat: true };
  }
  await repo.insertMessage(tx, {
    id: draft.id,
    channelId,
    seq: channel.lastSeq + 1,
    userId: me.userId,
    userName: me.name,
    role: me.role,
    kind: draft.kind,
    text: draft.text,
    fileId: draft.fileId ?? null,
  });
  return { message: toMessage((await repo.messageWithFile(tx, draft.id))!), repeat: false };
}

/**
 * A notice in the thread for everyone in the chat (kind `system`, its text a key each side says in its own
 * language, e.g. `transferred`), stored under the channel's row lock as any message. Broadcast it after commit.
 */
export async function addSystemMessage(tx: Tx, channelId: string, by: ChatIdentity, key: 'transferred', now: Date): Promise<ChatMessage> {
  const channel = (await repo.lockChannel(tx, channelId))!;
  const id = randomUUID();
  await repo.insertMessage(tx, {
    id,
    channelId,
    seq: channel.lastSeq + 1,
    userId: by.userId,
    userName: by.name,
    role: by.role,
    kind: 'system',
    text: key,
    createdAt: now,
  });
  return toMessage((await repo.messageWithFile(tx, id))!);
}

/** `chat:send`: stored (committed) before it is acknowledged or broadcast, so an acknowledged message is never lost. */
export async function sendText(
  deps: ChatDeps,
  caller: ChatCaller,
  input: { channelId: string; id: string; text: string },
): Promise<ChatMessage> {
  const fast = await storeTextFast(deps.db, caller, input);
  if (fast) {
    deps.events.message(fast);
    return fast;
  }
  const { message, repeat } = await deps.db.transaction(async (tx) => {
    const { me } = await writableChannel(tx, caller, input.channelId);
    return store(tx, input.channelId, me, { id: input.id, kind: 'text', text: input.text });
  });
  if (!repeat) deps.events.message(message);
  return message;
}

/**
 * The one-statement store of a new text by a present member of an active channel (chat-text.repo `insertText`): the
 * same rules as the full path, checked inside the statement, which also finds an expert's rows: no read before it.
 * Undefined when it stored nothing (not a member, not active, a resend): the full path then answers, with its
 * reasons. Measured by bench:chat (bench/README.md).
 */
async function storeTextFast(
  db: Db,
  caller: ChatCaller,
  input: { channelId: string; id: string; text: string },
): Promise<ChatMessage | undefined> {
  const sender: TextSender =
    caller.kind === 'expert' ? { memberId: null, staffUserId: caller.userId } : { memberId: callerUserId(caller), staffUserId: null };
  const appointmentId = caller.kind === 'guest' ? caller.appointmentId : null;
  try {
    const row = await insertText(db, { ...input, sender, appointmentId });
    return row ? toMessage({ ...row, file: null }) : undefined;
  } catch (err) {
    // The same id sent twice at once: the other one stored it; the full path answers it.
    if (sqlState(err) === UNIQUE_VIOLATION) return undefined;
    throw err;
  }
}

/**
 * An attachment (spec §9: pdf, jpg, jpeg, png up to 10 MB): the bytes decide the type, not the name; they go to the
 * file store first, then the message and the file row are recorded together. If that fails, the bytes are removed.
 */
export async function sendFile(
  deps: ChatDeps & {
    files: FileStore;
    scanner: VirusScanner | null;
    log: FastifyBaseLogger;
    /** Counts the attachment against the upload allowance (platform/files/upload-allowance.ts); throws 429 past it. */
    takeUpload: (parties: UploadParties) => Promise<void>;
  },
  caller: ChatCaller,
  input: { channelId: string; id: string; file: ReceivedFile },
): Promise<ChatMessage> {
  // Checked before the bytes are stored: a refused caller uploads nothing. The allowance is taken only once the
  // caller is known to write in the chat, so nobody can use up another chat's allowance by naming it.
  await writableChannel(deps.db, caller, input.channelId);
  await deps.takeUpload({ userId: callerUserId(caller), conversationId: input.channelId });
  const kind = await sniffAttachment(input.file);
  await scanAttachment(deps.scanner, input.file, deps.log);
  const filename = safeName(input.file.filename, kind.extension);
  const stored = await storeUpload(deps.files, input.file, { contentType: kind.mime, filename });
  let result: { message: ChatMessage; repeat: boolean };
  try {
    result = await deps.db.transaction(async (tx) => {
      const { me } = await writableChannel(tx, caller, input.channelId);
      const row = await recordFile(tx, stored, { kind: 'chatChannel', id: input.channelId });
      return store(tx, input.channelId, me, { id: input.id, kind: 'file', text: filename, fileId: row.id });
    });
  } catch (err) {
    await removeStored(deps.files, [stored.key], deps.log);
    throw err;
  }
  if (result.repeat) await removeStored(deps.files, [stored.key], deps.log);
  else deps.events.message(result.message);
  return result.message;
}

/** The name shown for a file: the client's, without any path, control characters or a misleading extension. */
export function safeName(clientName: string, extension: string): string {
  const last = [...(clientName.split(/[\\/]/).pop() ?? '')].filter((c) => c >= ' ' && c !== '\u007f').join('');
  const base = last
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${base || 'attachment'}.${extension}`;
}

/** `GET /api/chat/channels/{id}/messages?after=`: what a client missed, in order, a page at a time. */
export async function messagesAfter(db: Db, caller: ChatCaller, channelId: string, after: number, reads: PatientReads) {
  const { channel, members } = await channelFor(db, caller, channelId);
  reads.show(await channelReads(db, channel, members));
  const messages = await repo.messagesAfter(db, channelId, after, CHAT_LIMITS.pageMessages);
  return { messages: messages.map(toMessage), lastSeq: channel.lastSeq };
}

/** `chat:read`: the member's read mark moves forward only; others see it move. */
export async function markRead(
  db: Db,
  caller: ChatCaller,
  channelId: string,
  seq: number,
): Promise<{ userId: string; seq: number } | null> {
  const { member, me, channel } = await channelFor(db, caller, channelId);
  if (!member) return null;
  const moved = await repo.raiseReadSeq(db, channelId, me.userId, Math.min(seq, channel.lastSeq));
  return moved ? { userId: me.userId, seq: Math.min(seq, channel.lastSeq) } : null;
}
