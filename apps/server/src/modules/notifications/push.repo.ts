import { and, count, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appointmentParticipants, appointments, chatChannels, patients, pushSettings, pushSubscriptions } from '../../db/schema';

type Q = Db | Tx;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushFlags = { newMessage: boolean; queueTurn: boolean; appointmentSoon: boolean };

/** Every event is on once the patient consents (the table's defaults), until they switch some off. */
export const DEFAULT_PUSH_FLAGS: PushFlags = { newMessage: true, queueTurn: true, appointmentSoon: true };

export async function findSubscription(q: Q, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await q.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

export function subscriptionsOf(q: Q, patientId: string): Promise<PushSubscriptionRow[]> {
  return q.select().from(pushSubscriptions).where(eq(pushSubscriptions.patientId, patientId));
}

export async function countSubscriptions(q: Q, patientId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.patientId, patientId));
  return row?.n ?? 0;
}

/**
 * Saves a browser's subscription for the patient. The endpoint is unique: the same browser subscribing again (a new
 * key, or another person signed in on it) replaces the row, so a shared device pushes to whoever subscribed last.
 */
/** The subscription of an endpoint, locked for the rest of the transaction (two claims of one browser take turns). */
export async function lockSubscriptionByEndpoint(q: Tx, endpoint: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await q.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).for('update');
  return row;
}

export async function upsertSubscription(q: Q, patientId: string, s: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await q
    .insert(pushSubscriptions)
    .values({ patientId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { patientId, staffUserId: null, p256dh: s.p256dh, auth: s.auth, createdAt: new Date(), lastSuccessAt: null },
    });
}

/** Removes the patient's own subscription with this endpoint; another person's is left alone. Returns whether one went. */
export async function deleteOwnSubscription(q: Q, patientId: string, endpoint: string): Promise<boolean> {
  const rows = await q
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.patientId, patientId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410): it will never deliver again. */
export async function deleteSubscription(q: Q, id: string): Promise<void> {
  await q.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(q: Q, id: string, at: Date): Promise<void> {
  await q.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

export async function flagsOf(q: Q, patientId: string): Promise<PushFlags> {
  const [row] = await q
    .select({ newMessage: pushSettings.newMessage, queueTurn: pushSettings.queueTurn, appointmentSoon: pushSettings.appointmentSoon })
    .from(pushSettings)
    .where(eq(pushSettings.patientId, patientId));
  return row ?? DEFAULT_PUSH_FLAGS;
}

export async function saveFlags(q: Q, patientId: string, flags: PushFlags, now: Date): Promise<void> {
  await q
    .insert(pushSettings)
    .values({ patientId, ...flags, updatedAt: now })
    .onConflictDoUpdate({
      target: pushSettings.patientId,
      targetWhere: isNotNull(pushSettings.patientId),
      set: { ...flags, updatedAt: now },
    });
}

export async function patientLanguage(q: Q, patientId: string): Promise<string | null> {
  const [row] = await q.select({ lang: patients.lang }).from(patients).where(eq(patients.id, patientId));
  return row?.lang ?? null;
}

/**
 * Subscriptions of patients taking part in a reserved appointment that starts in (from, to]: what the
 * 'appointment soon' sweep pushes to. Starts from the subscriptions (few) rather than the appointments (many).
 */
export function subscriptionsWithAppointmentIn(q: Q, from: Date, to: Date) {
  return q
    .selectDistinct({
      subscriptionId: pushSubscriptions.id,
      patientId: pushSubscriptions.patientId,
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
    })
    .from(pushSubscriptions)
    .innerJoin(appointmentParticipants, eq(appointmentParticipants.patientId, pushSubscriptions.patientId))
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .where(
      and(
        eq(appointmentParticipants.role, 'patient'),
        inArray(appointments.status, ['booked', 'selfBooked']),
        gt(appointments.startsAt, from),
        lte(appointments.startsAt, to),
      ),
    );
}

/** The service of a chat channel, which a queue-turn notice opens; undefined when the channel is gone. */
export async function findChannelService(db: Q, channelId: string) {
  const [c] = await db.select({ serviceId: chatChannels.serviceId }).from(chatChannels).where(eq(chatChannels.id, channelId));
  return c;
}

/** An appointment's status and time, read again when its reminder is sent: it may have moved or been cancelled. */
export async function findAppointmentTiming(db: Q, appointmentId: string) {
  const [a] = await db
    .select({ status: appointments.status, startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return a;
}
