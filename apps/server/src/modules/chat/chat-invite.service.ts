import type { ChatChannel, InviteRequest } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { Sender } from '../../platform/mail/sender';
import type { PatientReads } from '../../platform/audit/patient-reads';
import { channelReads } from './chat-reads';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { notifyInvited } from '../booking/booking-notifications.service';
import { withGuestPins } from '../booking/guest-invitations.service';
import { templateLanguage } from '../staff/staff-invitations.service';
import type { ChatDeps } from './chat-channels.service';
import * as appointmentsRepo from './chat-appointments.repo';
import * as repo from './chat.repo';
import { writableChannel, type ChatCaller } from './chat-participants';
import { toChannel } from './chat-view';
import { addParticipant } from '../booking/appointment-changes.service';

type ExpertCaller = Extract<ChatCaller, { kind: 'expert' }>;

/**
 * A signed-in guest takes their group's access key: they are a present member of its channel afterwards, back in it
 * after leaving, or added when they became a participant after the channel opened (an admin's edit).
 */
export async function joinAsGuest(tx: Tx, channelId: string, guest: { participantId: string; name: string }, now: Date): Promise<void> {
  await repo.addMembers(tx, [{ channelId, userId: guest.participantId, role: 'guest', name: guest.name, joinedAt: now }]);
}

/** Who is already in the appointment: its own experts and every participant. */
async function alreadyIn(tx: Tx, appointment: appointmentsRepo.AppointmentRow, who: { expertId?: string; email?: string }) {
  if (who.expertId && (appointment.expertId === who.expertId || appointment.hostExpertId === who.expertId)) return true;
  return !!(await appointmentsRepo.findParticipantIn(tx, appointment.id, who));
}

/**
 * `POST /api/expert/chat/channels/{id}/invite`: an expert present in a live group chat brings in one more person at
 * once. A guest gets a participant row with a new PIN (only its hash stored), a member row in the chat, and the
 * guest invitation (e-mail, and SMS when a mobile is given) with the guest page link, e-mail and PIN. An expert of
 * the same organisation gets a participant row, a member row and the confirmation with the expert app's link.
 * Someone already in the appointment is a field error (`duplicate`); an expert of another organisation is 404.
 * The channel's room hears `chat:channel` after commit, and so do the invited expert's own sockets.
 */
export async function invite(
  deps: ChatDeps & { publicUrl: string; sender: Sender },
  caller: ExpertCaller,
  channelId: string,
  input: InviteRequest,
  reads: PatientReads,
  now = new Date(),
): Promise<ChatChannel> {
  const outcome = await deps.db.transaction(async (tx) => {
    const access = await writableChannel(tx, caller, channelId);
    const { channel } = access;
    if (channel.kind !== 'group' || !channel.appointmentId) throw new AppError(403, { detail: 'only a group chat takes invitations' });
    const appointment = await appointmentsRepo.lockAppointmentById(tx, channel.appointmentId);
    if (!appointment || (appointment.status !== 'booked' && appointment.status !== 'selfBooked')) throw new AppError(404);

    let participantId: string;
    let notifyUser: string | null = null;
    let guestPins = new Map<string, string>();
    if (input.kind === 'guest') {
      if (await alreadyIn(tx, appointment, { email: input.email })) throwIfFieldIssues([{ field: 'email', key: 'duplicate' }]);
      const given = {
        role: 'guest' as const,
        name: input.name.trim(),
        email: input.email.trim(),
        mobile: input.mobile?.trim() || null,
        language: input.language,
      };
      const { participants, pins } = await withGuestPins([given]);
      guestPins = pins;
      participantId = await addParticipant(tx, deps.emit, appointment, participants[0]!, now);
      await repo.addMembers(tx, [{ channelId: channel.id, userId: participantId, role: 'guest', name: given.name, joinedAt: now }]);
    } else {
      const expert = await appointmentsRepo.findActiveExpert(tx, input.expertId);
      if (!expert || expert.organisationId !== channel.organisationId) throw new AppError(404, { detail: 'no such expert here' });
      if (await alreadyIn(tx, appointment, { expertId: expert.id })) throwIfFieldIssues([{ field: 'expertId', key: 'duplicate' }]);
      const name = `${expert.firstName} ${expert.lastName}`;
      participantId = await addParticipant(
        tx,
        deps.emit,
        appointment,
        { role: 'expert', expertId: expert.id, name, language: templateLanguage(expert.language) },
        now,
      );
      await repo.addMembers(tx, [{ channelId: channel.id, userId: expert.id, role: 'agent', name, joinedAt: now }]);
      notifyUser = expert.userId;
    }
    await notifyInvited(tx, appointment.id, [participantId], { guestPins, now, publicUrl: deps.publicUrl, sender: deps.sender });
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: caller.userId,
      action: 'chat.invite',
      objectType: 'chatChannel',
      objectId: channel.id,
      details: { kind: input.kind, participantId },
    });
    return { access, notifyUser };
  });
  deps.events.channel(channelId, 'active', outcome.notifyUser ? [outcome.notifyUser] : []);
  const channel = (await repo.findChannel(deps.db, channelId))!;
  reads.show(await channelReads(deps.db, channel));
  return toChannel(deps.db, { channel, me: outcome.access.me }, now);
}
