import { sql } from 'drizzle-orm';
import { preparedPerDatabase, type Db } from '../../db/client';
import { chatMessages } from '../../db/schema';
import type { ChatMessageRow } from './chat.tables';

/**
 * Who sends: a patient or a guest by the id they are a member under; an expert by their staff user, whose expert
 * rows (one per organisation) the statement finds itself, so a busy expert's message costs no read of its own.
 */
export type TextSender = { memberId: string; staffUserId: null } | { memberId: null; staffUserId: string };

const param = {
  id: sql.placeholder('id'),
  channelId: sql.placeholder('channelId'),
  text: sql.placeholder('text'),
  memberId: sql.placeholder('memberId'),
  staffUserId: sql.placeholder('staffUserId'),
  appointmentId: sql.placeholder('appointmentId'),
};

/**
 * The statement of `insertText`, prepared once per database (`preparedPerDatabase`; bench:chat, bench/README.md).
 * The channel's number moves on (its row lock held for this statement only) and the message goes
 * in only if the channel is active, the sender a present member (and, for a guest, it is their appointment's
 * channel) and the id new.
 */
function build(db: Db) {
  const me = db.$with('me', {}).as(sql`
    select m.user_id, m.name, m.role from chat_members m
    where m.channel_id = ${param.channelId}::uuid and m.left_at is null
      and (m.user_id = ${param.memberId}::uuid
        or m.user_id in (select e.id from experts e where e.user_id = ${param.staffUserId}::uuid))
    limit 1`);
  const ch = db.$with('ch', {}).as(sql`
    update chat_channels c set last_seq = c.last_seq + 1
    from me
    where c.id = ${param.channelId}::uuid and c.status = 'active'
      and (${param.appointmentId}::uuid is null or c.appointment_id = ${param.appointmentId}::uuid)
      and not exists (select 1 from chat_messages x where x.id = ${param.id}::uuid)
    returning c.id, c.last_seq`);
  const stored = db.$with('stored', {
    id: sql<string>`id`.as('id'),
    channelId: sql<string>`channel_id`.as('channel_id'),
    seq: sql`seq`.mapWith(Number).as('seq'),
    userId: sql<string>`user_id`.as('user_id'),
    userName: sql<string>`user_name`.as('user_name'),
    role: sql<ChatMessageRow['role']>`role`.as('role'),
    text: sql<string>`text`.as('text'),
    createdAt: sql`created_at`.mapWith(chatMessages.createdAt).as('created_at'),
  }).as(sql`
      insert into chat_messages (id, channel_id, seq, user_id, user_name, role, kind, text)
      select ${param.id}::uuid, ch.id, ch.last_seq, me.user_id, me.name, me.role, 'text', ${param.text}::text from ch, me
      returning id, channel_id, seq, user_id, user_name, role, text, created_at`);
  return db.with(me, ch, stored).select().from(stored).prepare('chat_insert_text');
}

const prepared = preparedPerDatabase(build);

/**
 * Stores a text message in one statement, the common case of `chat:send`. Answers the stored row, or undefined when
 * any condition fails: the caller then takes the full path, which says why (or answers the stored message of a
 * resend). A resend racing its original fails on the primary key, whole.
 */
export async function insertText(
  db: Db,
  input: { channelId: string; id: string; text: string; sender: TextSender; appointmentId: string | null },
): Promise<ChatMessageRow | undefined> {
  const [row] = await prepared(db).execute({
    id: input.id,
    channelId: input.channelId,
    text: input.text,
    memberId: input.sender.memberId,
    staffUserId: input.sender.staffUserId,
    appointmentId: input.appointmentId,
  });
  return row ? { ...row, kind: 'text', fileId: null } : undefined;
}
