import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CHAT_LIMITS,
  isValidSsn,
  type ChatHistoryItem,
  type ContactHistoryItem,
  type HistoryItem,
  type Localized,
  type Page,
  type Transcript,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { patientIdByIdentityCode } from '../patients/patients.service';
import { AppError } from '../../platform/app-error';
import { PatientReads, readsOf, recordPatientReads } from '../../platform/audit/patient-reads';
import { channelReads } from './chat-reads';
import { findFileById } from '../../platform/files/files.repo';
import * as history from './chat-history.repo';
import * as repo from './chat.repo';
import { channelFor, expertIn, type ChatCaller } from './chat-participants';
import type { ExpertCaller } from './expert-chat.service';

const DAY = 86_400_000;

/** How far back a patient's history reaches: the organisation's patient retention when shorter, else 90 days (spec §9). */
export function historySince(now: Date, patientDays: number | null): Date {
  const days = patientDays === null ? CHAT_LIMITS.historyDays : Math.min(patientDays, CHAT_LIMITS.historyDays);
  return new Date(now.getTime() - days * DAY);
}

/** The finished chats of channels, with who served them and the names of their files. */
async function summaries(db: Db, channelIds: string[]) {
  if (channelIds.length === 0) return { agents: new Map<string, string[]>(), fileNames: new Map<string, string[]>() };
  const [agents, fileRows] = await Promise.all([history.agentsOfChannels(db, channelIds), history.fileNamesOfChannels(db, channelIds)]);
  const group = <T extends { channelId: string }>(rows: T[], pick: (r: T) => string) => {
    const map = new Map<string, string[]>();
    for (const r of rows) map.set(r.channelId, [...(map.get(r.channelId) ?? []), pick(r)]);
    return map;
  };
  return { agents: group(agents, (r) => r.name), fileNames: group(fileRows, (r) => r.filename) };
}

/** `GET /ninchat/my-transcripts` (spec §2 'Appointment history list'): the patient's chats, newest first. */
export async function myTranscripts(db: Db, patientId: string, since: Date): Promise<HistoryItem[]> {
  const rows = await history.finishedChatsOfPatient(db, patientId, since);
  const { agents, fileNames } = await summaries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    expert_name: (agents.get(r.id) ?? []).join(', '),
    files: fileNames.get(r.id) ?? [],
  }));
}

/**
 * A chat's transcript (spec §3 'History'): its members keyed by user id (`agent` = expert), its messages with times
 * in seconds, and its files. Its members may read it; so may the organisation's experts, as contact history.
 */
export async function transcript(db: Db, caller: ChatCaller, channelId: string, reads: PatientReads, since?: Date): Promise<Transcript> {
  const channel = await readableChannel(db, caller, channelId);
  if (since && channel.createdAt < since) throw new AppError(404);
  reads.show(await channelReads(db, channel));
  const [members, messages] = await Promise.all([repo.membersOf(db, channelId), repo.messagesAfter(db, channelId, 0, 100_000)]);
  return {
    members: Object.fromEntries(members.map((m) => [m.userId, { role: m.role, name: m.name }])),
    messages: messages
      // The spec's transcript holds what people wrote: files are listed apart, notices such as a transfer left out.
      .filter((m) => m.kind === 'text')
      .map((m) => ({
        message_user_id: m.userId,
        message_username: m.userName,
        message_text: m.text,
        message_time: Math.floor(m.createdAt.getTime() / 1000),
      })),
    files: messages.flatMap((m) => (m.file ? [{ id: m.file.id, filename: m.file.filename }] : [])),
  };
}

/**
 * A channel whose transcript and files the caller may read: a member's (present or past: a patient, a guest, an
 * expert who held it or had it transferred to them); for another expert of its organisation, only when a later chat
 * or appointment with its patient brings them in (`mayReadAsCarer`). Anyone else: 404, as for no such channel.
 */
async function readableChannel(db: Db, caller: ChatCaller, channelId: string) {
  if (caller.kind === 'expert') {
    const channel = await repo.findChannel(db, channelId);
    const expert = channel ? await expertIn(db, caller, channel.organisationId) : undefined;
    if (!channel || !expert) throw new AppError(404);
    if ((await history.channelsWithMember(db, expert.id, [channel.id])).has(channel.id)) return channel;
    const asCarer = channel.patientId ? await mayReadAsCarer(db, expert.id, channel.patientId, channel.organisationId) : () => false;
    if (!asCarer(channel)) throw new AppError(404);
    return channel;
  }
  const { channel, member } = await channelFor(db, caller, channelId);
  if (!member) throw new AppError(404);
  return channel;
}

/**
 * The care rule of docs/chat.md 'Who reads a chat': an expert who is not a member of a patient's chat may read it
 * when they cared for the patient in its organisation after it began, in a chat of their own with the patient or an
 * appointment with them (booked, not cancelled, even one still ahead: preparing for it). So a later appointment or a
 * transfer brings an expert in; an expert of the organisation who never met the patient reads nothing.
 */
async function mayReadAsCarer(db: Db, expertId: string, patientId: string, organisationId: string) {
  const latest = await history.latestCareOf(db, expertId, patientId, organisationId);
  return (channel: { createdAt: Date }) => latest !== null && channel.createdAt.getTime() <= latest.getTime();
}

/**
 * The patient's earlier (finished) chats with the expert's organisation (the expert desk's contact history) that the
 * caller may read (`readableChannel`): none for an expert who never cared for the patient. Audited.
 */
export async function contactHistory(db: Db, caller: ExpertCaller, patientId: string, reads: PatientReads): Promise<ContactHistoryItem[]> {
  const experts = (await repo.expertRowsOfUser(db, caller.userId)).filter(
    (e) => caller.organisationId === null || e.organisationId === caller.organisationId,
  );
  if (experts.length === 0) throw new AppError(403);
  const all = await history.finishedChatsWith(
    db,
    patientId,
    experts.map((e) => e.organisationId),
  );
  const readable = await Promise.all(
    experts.map(async (e) => {
      const inOrganisation = all.filter((r) => r.channel.organisationId === e.organisationId);
      const member = await history.channelsWithMember(
        db,
        e.id,
        inOrganisation.map((r) => r.channel.id),
      );
      const asCarer = await mayReadAsCarer(db, e.id, patientId, e.organisationId);
      return inOrganisation.filter((r) => member.has(r.channel.id) || asCarer(r.channel));
    }),
  );
  const readableIds = new Set(readable.flat().map((r) => r.channel.id));
  const rows = all.filter((r) => readableIds.has(r.channel.id));
  const { agents, fileNames } = await summaries(
    db,
    rows.map((r) => r.channel.id),
  );
  reads.show(
    rows.flatMap((r) =>
      readsOf([patientId], { organisationId: r.channel.organisationId, objectType: 'chatChannel', objectId: r.channel.id }),
    ),
  );
  return rows.map((r) => ({
    channelId: r.channel.id,
    createdAt: r.channel.createdAt.getTime(),
    endedAt: r.channel.endedAt?.getTime() ?? null,
    expertName: (agents.get(r.channel.id) ?? []).join(', '),
    serviceName: (r.serviceName as Localized | null) ?? null,
    files: fileNames.get(r.channel.id) ?? [],
  }));
}

/** A UUID in 22 characters (its 16 bytes in base64url), and back; null for anything else. */
const compactUuid = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');
function fullUuid(compact: string): string | null {
  const bytes = Buffer.from(compact, 'base64url');
  if (bytes.length !== 16 || bytes.toString('base64url') !== compact) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Signs file links: `<file>.<expiry seconds>.<reader>.<mac>`, good for CHAT_LIMITS.fileLinkSeconds. The reader is the
 * member of staff the link was made for (`-` for a patient or a guest), so that the download is logged as theirs.
 * Ids go in their 22-character form and the HMAC-SHA-256 is cut to 128 bits, so the link stays within the router's
 * 100 characters for a path parameter.
 */
export function fileLinks(secret: string) {
  const key = createHmac('sha256', secret).update('chat-file-links').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16).toString('base64url');
  return {
    sign(fileId: string, readerId: string | null, now = new Date()): string {
      const expires = Math.floor(now.getTime() / 1000) + CHAT_LIMITS.fileLinkSeconds;
      const body = `${compactUuid(fileId)}.${expires}.${readerId ? compactUuid(readerId) : '-'}`;
      return `${body}.${mac(body)}`;
    },
    /** The file a link names and whom it was made for, or null when it is forged or expired. */
    verify(token: string, now = new Date()): { fileId: string; readerId: string | null } | null {
      const [file, expires, reader, signature] = token.split('.');
      if (!file || !expires || !reader || !signature) return null;
      const expected = Buffer.from(mac(`${file}.${expires}.${reader}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (Number(expires) * 1000 <= now.getTime()) return null;
      const fileId = fullUuid(file);
      const readerId = reader === '-' ? null : fullUuid(reader);
      return fileId && (reader === '-' || readerId) ? { fileId, readerId } : null;
    },
  };
}

/**
 * A download through a link made for a member of staff: the audit row of the read (`chat.file.download`), written
 * before the file is sent, one per patient of the chat.
 */
export async function recordFileDownload(db: Db, file: { id: string; ownerId: string }, readerId: string, ip: string): Promise<void> {
  const channel = await repo.findChannel(db, file.ownerId);
  if (!channel) return;
  const reads = new PatientReads('chat.file.download', { actorType: 'staff', actorId: readerId, role: 'expert', ip });
  reads.show((await channelReads(db, channel)).map((read) => ({ ...read, objectType: 'chatFile', objectId: file.id })));
  await recordPatientReads(db, reads);
}

/** `GET /ninchat/file?id=` (spec §7): the file belongs to a chat the caller may read; answers a short-lived link to it. */
export async function fileLink(
  db: Db,
  caller: ChatCaller,
  fileId: string,
  sign: (id: string) => string,
  reads: PatientReads,
): Promise<{ file_url: string }> {
  const file = await findFileById(db, fileId);
  if (!file || file.ownerKind !== 'chatChannel') throw new AppError(404);
  const channel = await readableChannel(db, caller, file.ownerId);
  reads.show((await channelReads(db, channel)).map((read) => ({ ...read, objectType: 'chatFile', objectId: file.id })));
  return { file_url: `/api/chat/files/${sign(file.id)}` };
}

/**
 * The expert's finished walk-in chats (the appointment history lists those of appointments), newest first, a page at
 * a time; `patient` narrows them to a patient: an identity code finds them by its keyed hash (the code is never
 * searched as text), anything else is a fragment of the name. Each chat shown is a read of its patient.
 */
export async function expertChatHistory(
  deps: { db: Db; cipher: FieldCipher },
  caller: ExpertCaller,
  q: { patient?: string; page: number; pageSize: number },
  reads: PatientReads,
): Promise<Page<ChatHistoryItem>> {
  const experts = (await repo.expertRowsOfUser(deps.db, caller.userId)).filter(
    (e) => caller.organisationId === null || e.organisationId === caller.organisationId,
  );
  const patient = q.patient?.trim();
  const code = patient && isValidSsn(patient) ? await patientIdByIdentityCode(deps.db, deps.cipher, patient) : undefined;
  const empty = { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  if (patient && isValidSsn(patient) && !code) {
    reads.show([]);
    return empty;
  }
  const filter: history.WalkInFilter = code ? { patientIds: [code] } : patient ? { patientName: patient } : {};
  const { rows, total } = await history.walkInChatsOf(
    deps.db,
    experts.map((e) => e.id),
    filter,
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
  );
  const { agents, fileNames } = await summaries(
    deps.db,
    rows.map((r) => r.channel.id),
  );
  reads.show(
    rows.flatMap((r) =>
      readsOf([r.channel.patientId], { organisationId: r.channel.organisationId, objectType: 'chatChannel', objectId: r.channel.id }),
    ),
  );
  return {
    ...empty,
    total,
    items: rows.map((r) => ({
      channelId: r.channel.id,
      createdAt: r.channel.createdAt.getTime(),
      endedAt: r.channel.endedAt?.getTime() ?? null,
      expertName: (agents.get(r.channel.id) ?? []).join(', '),
      serviceName: (r.serviceName as Localized | null) ?? null,
      files: fileNames.get(r.channel.id) ?? [],
      patientId: r.channel.patientId,
      patientName: r.givenName ? `${r.givenName} ${r.familyName}` : '',
    })),
  };
}
