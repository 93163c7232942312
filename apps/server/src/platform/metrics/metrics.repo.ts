import { and, count, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatChannels, chatQueues, jobs, outboxEmails, outboxSms, videoRooms } from '../../db/schema';

/** Seconds from the oldest `column` (of the rows `filter` keeps) to now on the database's clock; null without rows. */
const ageSeconds = (column: AnyColumn, filter?: SQL) =>
  sql<number | null>`extract(epoch from now() - (min(${column}) ${filter ? sql`filter (where ${filter})` : sql``}))`.mapWith(
    (v: string | number) => Math.max(0, Number(v)),
  );

/**
 * Jobs waiting or running, per kind: `queued` (scheduled ones too), `due` (queued with `run_at` passed: the backlog)
 * and the age of the oldest due one. Reads only queued and running rows (partial indexes), not the finished ones.
 */
export function jobQueueDepth(tx: Tx) {
  const due = sql`${jobs.state} = 'queued' and ${jobs.runAt} <= now()`;
  return tx
    .select({
      kind: jobs.kind,
      queued: sql<number>`count(*) filter (where ${jobs.state} = 'queued')`.mapWith(Number),
      due: sql<number>`count(*) filter (where ${due})`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${jobs.state} = 'running')`.mapWith(Number),
      oldestDueSeconds: ageSeconds(jobs.runAt, due),
    })
    .from(jobs)
    .where(inArray(jobs.state, ['queued', 'running']))
    .groupBy(jobs.kind);
}

/** E-mails and SMS not yet sent (nor given up on), and how long the oldest has waited: through the pending indexes. */
export async function outboxBacklog(tx: Tx) {
  const [email] = await tx
    .select({ pending: count(), oldestSeconds: ageSeconds(outboxEmails.createdAt) })
    .from(outboxEmails)
    .where(eq(outboxEmails.status, 'pending'));
  const [sms] = await tx
    .select({ pending: count(), oldestSeconds: ageSeconds(outboxSms.createdAt) })
    .from(outboxSms)
    .where(eq(outboxSms.status, 'pending'));
  return [
    { channel: 'email', pending: email?.pending ?? 0, oldestSeconds: email?.oldestSeconds ?? null },
    { channel: 'sms', pending: sms?.pending ?? 0, oldestSeconds: sms?.oldestSeconds ?? null },
  ];
}

/** Every chat queue by id (never its name): patients waiting in it, and how long the first of them has waited. */
export function chatQueueWaits(tx: Tx) {
  return tx
    .select({ queueId: chatQueues.id, waiting: count(chatChannels.id), oldestWaitSeconds: ageSeconds(chatChannels.queuedAt) })
    .from(chatQueues)
    .leftJoin(chatChannels, and(eq(chatChannels.queueId, chatQueues.id), eq(chatChannels.status, 'waiting')))
    .groupBy(chatQueues.id);
}

/** SFU rooms held for channels that have not ended, per provider (mesh calls hold no room). */
export function openVideoRooms(tx: Tx) {
  return tx
    .select({ provider: videoRooms.provider, rooms: count() })
    .from(videoRooms)
    .innerJoin(chatChannels, eq(chatChannels.id, videoRooms.channelId))
    .where(ne(chatChannels.status, 'ended'))
    .groupBy(videoRooms.provider);
}
