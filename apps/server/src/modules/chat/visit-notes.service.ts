import type { VisitNote } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { PatientReads } from '../../platform/audit/patient-reads';
import { channelReads } from './chat-reads';
import { expertIn } from './chat-participants';
import * as repo from './chat.repo';
import type { ExpertCaller } from './expert-chat.service';
import * as notes from './visit-notes.repo';

/**
 * A visit (a chat channel: a queue chat, a booked chat or video visit, a group) whose notes and summary the caller
 * may have: one they serve or served as an expert (a member with the `agent` role, present or past), in the
 * organisation they work in now. Anyone else, another organisation's expert included: 404, as for no such visit.
 */
export async function myVisit(tx: Tx, caller: ExpertCaller, channelId: string) {
  const channel = await repo.findChannel(tx, channelId);
  if (!channel || (caller.organisationId !== null && caller.organisationId !== channel.organisationId)) throw new AppError(404);
  const expert = await expertIn(tx, caller, channel.organisationId);
  const member = expert ? await repo.memberOf(tx, channel.id, expert.id) : undefined;
  if (!expert || member?.role !== 'agent') throw new AppError(404);
  return { channel, expert };
}

/** `GET /api/expert/chat/channels/{id}/note`: the caller's own note of the visit (empty when none); a read of its patients. */
export async function visitNote(db: Db, caller: ExpertCaller, channelId: string, reads: PatientReads): Promise<VisitNote> {
  const { channel, expert } = await myVisit(db, caller, channelId);
  reads.show(await channelReads(db, channel));
  const row = await notes.findNote(db, { channelId: channel.id, expertId: expert.id });
  return { text: row?.text ?? '', updatedAt: row?.updatedAt.getTime() ?? null };
}

/**
 * `PUT /api/expert/chat/channels/{id}/note`: writes the caller's note of the visit, during it or after; an empty (or
 * blank) text deletes it. Audited as `visit.note` with the channel's id only: the note's words never go to the log.
 */
export async function saveVisitNote(db: Db, caller: ExpertCaller, channelId: string, text: string, now = new Date()): Promise<VisitNote> {
  return db.transaction(async (tx) => {
    const { channel, expert } = await myVisit(tx, caller, channelId);
    const key = { channelId: channel.id, expertId: expert.id };
    const keep = text.trim() !== '';
    const changed = keep ? true : await notes.deleteNote(tx, key);
    const updatedAt = keep ? await notes.upsertNote(tx, { ...key, organisationId: channel.organisationId, text }, now) : null;
    if (changed)
      await recordAudit(tx, {
        actorType: 'staff',
        actorId: caller.userId,
        organisationId: channel.organisationId,
        action: 'visit.note',
        objectType: 'chatChannel',
        objectId: channel.id,
        details: { deleted: !keep },
      });
    return { text: keep ? text : '', updatedAt: updatedAt?.getTime() ?? null };
  });
}
