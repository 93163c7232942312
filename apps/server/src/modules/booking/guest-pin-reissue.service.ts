import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { generatePin } from '../../platform/crypto/pin';
import { hashSecret } from '../../platform/crypto/secret-hash';
import { notifyInvited, type NotifyOptions } from './booking-notifications.service';
import { guestPinKey } from './guest-invitations.service';
import * as repo from './guest-invitations.repo';

type Appointment = { id: string; status: string; endsAt: Date };

/**
 * The organiser's 'send a new PIN' for one guest of a reserved group appointment that has not ended (a guest locked
 * out by wrong PINs, or one who lost the invitation): a new PIN's hash replaces the old one, the wrong-PIN count and
 * the lockout are cleared, and the guest gets the invitation again with the new PIN, by e-mail and by SMS when they
 * have a mobile, as the first time. The caller has found and locked the appointment as theirs; a participant who is
 * not an invited guest of it is 404, an appointment that is over or cancelled 423. Audited as `guest.pinReissued`.
 */
export async function reissueGuestPin(
  tx: Tx,
  appointment: Appointment,
  participantId: string,
  opts: NotifyOptions & { actor: { userId: string; ip: string } },
): Promise<void> {
  const now = opts.now ?? new Date();
  const guest = await repo.lockInvitedGuest(tx, appointment.id, participantId);
  if (!guest) throw new AppError(404, { detail: 'no invited guest of this appointment' });
  const reserved = appointment.status === 'booked' || appointment.status === 'selfBooked';
  if (!reserved || appointment.endsAt.getTime() <= now.getTime())
    throw new AppError(423, { detail: 'the appointment is over or not reserved' });
  const pin = generatePin();
  await repo.replacePin(tx, guest.id, await hashSecret(pin));
  await notifyInvited(tx, appointment.id, [guest.id], { ...opts, now, guestPins: new Map([[guestPinKey(guest.email), pin]]) });
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: opts.actor.userId,
    action: 'guest.pinReissued',
    objectType: 'appointment',
    objectId: appointment.id,
    ip: opts.actor.ip,
    details: { participantId: guest.id },
  });
}
