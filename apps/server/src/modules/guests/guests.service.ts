import type { AccessKey, GuestAppointmentData, GuestCompany, GuestLoginRequest, GuestResponse } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { GuestContext } from '../../platform/access/guest-access';
import { issueGuestToken } from '../../platform/access/guest-access';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { toPatientAppointment } from '../booking/patient-appointments.service';
import { openForAppointment } from '../chat/chat-channels.service';
import { joinAsGuest } from '../chat/chat-invite.service';
import { verifyAgainstDummy, verifySecret } from '../../platform/crypto/secret-hash';
import { afterPinFailure, guestTokenExpiry, pinGate } from './guest-pin';
import * as repo from './guests.repo';
import { setGuestPinCounters } from '../booking/appointment-changes.service';

export type GuestDeps = { db: Db };

const isGroup = (a: repo.AppointmentRow) => a.type === 'group' || a.type === 'group-video';
const isReserved = (a: repo.AppointmentRow) => a.status === 'booked' || a.status === 'selfBooked';

/** A reserved group appointment that has not ended: the only kind a guest signs in to. */
function isLiveGroup(a: repo.AppointmentRow | undefined, now: Date): a is repo.AppointmentRow {
  return !!a && isGroup(a) && isReserved(a) && a.endsAt.getTime() > now.getTime();
}

/**
 * `GET /api/guest/company-for-appointment/{uuid}` (anyone): the organisation whose look and texts the guest page
 * takes, as `GET /api/config/{companyId}` names it. Only a reserved group appointment has one (404 otherwise: the
 * page says 'appointment not found').
 */
export async function companyForAppointment(deps: GuestDeps, appointmentId: string): Promise<GuestCompany> {
  const a = await repo.findAppointment(deps.db, appointmentId);
  if (!a || !isGroup(a) || !isReserved(a)) throw new AppError(404);
  const id = await repo.organisationIdOf(deps.db, a.organisationId);
  if (!id) throw new AppError(404);
  return { organization_code: id };
}

type LoginInput = GuestLoginRequest & { ip: string };
type Outcome = { ok: true; response: GuestResponse } | { ok: false; reason: string; participantId: string | null; lockedUntil?: Date };

/**
 * `POST /api/guest/login/{uuid}` (spec §5 'Guest login'): the guest's e-mail and PIN open one group appointment.
 * A refusal answers the same 101 ('wrong password') for an unknown e-mail, a wrong PIN and an appointment that is not
 * a live group appointment; each costs one argon2 check (against a dummy hash when there is nothing to check), so
 * neither answer nor timing tells whether the e-mail is invited. Wrong PINs count per guest in one transaction holding
 * the participant's row lock; the fifth in a row locks sign-in for 15 minutes (the right PIN is refused too
 * meanwhile, without being checked), the right one resets the count. From that fifth try on, the guest's own e-mail
 * answers 102 with `retryAt` (issue 29): a locked-out guest learns there were too many tries, when to try again and
 * to ask the organiser for a new PIN, never which part was wrong; an unknown e-mail still gets 101. The token is bound
 * to the participant and the appointment and lives until an hour after the appointment's end.
 */
export async function login(deps: GuestDeps, appointmentId: string, input: LoginInput, now = new Date()): Promise<GuestResponse> {
  const appointment = await repo.findAppointment(deps.db, appointmentId);
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    if (!isLiveGroup(appointment, now)) {
      await verifyAgainstDummy(input.password);
      return { ok: false, reason: 'appointment', participantId: null };
    }
    const guest = await repo.lockGuestByEmail(tx, appointment.id, input.email);
    if (!guest) {
      await verifyAgainstDummy(input.password);
      return { ok: false, reason: 'unknownEmail', participantId: null };
    }
    const gate = pinGate(guest.pinLockedUntil, now);
    if (!gate.allowed) {
      await verifyAgainstDummy(input.password);
      return { ok: false, reason: 'lockedOut', participantId: guest.id, lockedUntil: gate.until };
    }
    if (!(await verifySecret(guest.pinHash, input.password))) {
      const after = afterPinFailure({ failures: guest.pinFailures, lockedUntil: guest.pinLockedUntil }, now);
      await setGuestPinCounters(tx, guest.id, after);
      return { ok: false, reason: 'wrongPin', participantId: guest.id, lockedUntil: after.lockedUntil ?? undefined };
    }
    await setGuestPinCounters(tx, guest.id, { failures: 0, lockedUntil: null });
    const token = await issueGuestToken(tx, guest.id, appointment.id, guestTokenExpiry(appointment.endsAt));
    await recordAudit(tx, {
      actorType: 'guest',
      actorId: guest.id,
      action: 'guest.login',
      objectType: 'appointment',
      objectId: appointment.id,
      ip: input.ip,
    });
    return { ok: true, response: { token, name: guest.name, email: guest.email ?? input.email } };
  });
  if (outcome.ok) return outcome.response;
  // Recorded apart from the counting, so a failure is logged even when it counted nothing. The typed e-mail is not
  // recorded (it may be someone else's), nor the PIN.
  await recordAudit(deps.db, {
    actorType: 'guest',
    actorId: outcome.participantId,
    action: 'guest.loginFailed',
    objectType: 'appointment',
    objectId: appointment?.id,
    ip: input.ip,
    details: { reason: outcome.reason },
  });
  const detail = `guest sign-in refused: ${outcome.reason}`;
  if (outcome.lockedUntil) throw new AppError(102, { detail, retryAt: outcome.lockedUntil });
  throw new AppError(101, { detail });
}

/** The guest's token names this appointment, else 101 (the page shows the login form). */
function requireOwnAppointment(guest: GuestContext, appointmentId: string): void {
  if (guest.appointmentId !== appointmentId) throw new AppError(101, { detail: "another appointment's guest token" });
}

/** `GET /api/guest/checkAuth/{uuid}`: the token still opens this appointment; answers the guest response again. */
export async function checkAuth(deps: GuestDeps, guest: GuestContext, appointmentId: string, token: string): Promise<GuestResponse> {
  requireOwnAppointment(guest, appointmentId);
  const participant = await repo.findParticipant(deps.db, guest.participantId);
  if (!participant) throw new AppError(101);
  return { token, name: participant.name, email: participant.email ?? '' };
}

async function ownAppointment(deps: GuestDeps, guest: GuestContext, appointmentId: string): Promise<repo.AppointmentRow> {
  requireOwnAppointment(guest, appointmentId);
  const a = await repo.findAppointment(deps.db, appointmentId);
  if (!a || !isReserved(a)) throw new AppError(404);
  return a;
}

/** `GET /api/guest/appointment-data/{uuid}`: the guest's one appointment, as a patient sees theirs. */
export async function appointmentData(deps: GuestDeps, guest: GuestContext, appointmentId: string): Promise<GuestAppointmentData> {
  return toPatientAppointment(await ownAppointment(deps, guest, appointmentId));
}

/**
 * `GET /api/guest/access-key/{uuid}` (spec §6: only group access keys are issued): the group's chat channel id,
 * opened by the first who comes from 5 minutes before the start until its end (403 outside that window). The guest
 * is a present member of it afterwards: back in it after leaving, or added when invited after the chat opened.
 */
export async function accessKey(deps: GuestDeps, guest: GuestContext, appointmentId: string, now = new Date()): Promise<AccessKey> {
  const a = await ownAppointment(deps, guest, appointmentId);
  if (!isGroup(a)) throw new AppError(403, { detail: 'only group access keys are issued' });
  const channel = await deps.db.transaction(async (tx) => {
    const opened = await openForAppointment(tx, a, now);
    await joinAsGuest(tx, opened.id, guest, now);
    return opened;
  });
  return { access_key: channel.id };
}
