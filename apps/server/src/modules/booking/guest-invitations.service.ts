import type { Language } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { toInternationalNumber } from '../../platform/sms/phone-number';
import { enqueueSms } from '../../platform/sms/sms-outbox';
import { generatePin } from '../../platform/crypto/pin';
import { hashSecret } from '../../platform/crypto/secret-hash';
import * as repo from './guest-invitations.repo';

/**
 * The clear PINs of guests invited in one change, by their e-mail address (trimmed, lower case): what the
 * invitation e-mail and SMS carry. Held in memory only while the change's transaction writes the outbox rows.
 *
 * Where the clear PIN lives afterwards: only in the outbox rows of the invitation (outbox_emails, outbox_sms) until
 * they are delivered, and in them afterwards too, because delivered outbox rows are kept (the outbox has no purge;
 * see docs/guests.md). It is never logged: the outbox workers log ids, never bodies.
 */
export type GuestPins = ReadonlyMap<string, string>;

export const guestPinKey = (email: string) => email.trim().toLowerCase();

type GuestValues = { role: 'patient' | 'expert' | 'guest'; email?: string | null; pinHash?: string | null };

/**
 * Gives each guest among `participants` a PIN hash: the one they already had (`kept`, the appointment's guests
 * before an edit that rewrites its participant rows) or a new PIN, whose clear text is answered in `pins`.
 */
export async function withGuestPins<T extends GuestValues>(
  participants: readonly T[],
  kept: readonly { email: string | null; pinHash: string | null }[] = [],
): Promise<{ participants: T[]; pins: Map<string, string> }> {
  const keptHashes = new Map(kept.filter((g) => g.email && g.pinHash).map((g) => [guestPinKey(g.email!), g.pinHash!]));
  const pins = new Map<string, string>();
  const out: T[] = [];
  for (const p of participants) {
    if (p.role !== 'guest' || !p.email) {
      out.push(p);
      continue;
    }
    const key = guestPinKey(p.email);
    const existing = keptHashes.get(key);
    if (existing) {
      out.push({ ...p, pinHash: existing });
      continue;
    }
    const pin = generatePin();
    pins.set(key, pin);
    out.push({ ...p, pinHash: await hashSecret(pin) });
  }
  return { participants: out, pins };
}

/** The PIN hashes an appointment's guests have now, to carry over an edit. */
export function currentGuestPins(tx: Tx, appointmentId: string) {
  return repo.guestsOf(tx, appointmentId);
}

const SMS_TEXT: Record<Language, (v: { link: string; email: string; pin: string }) => string> = {
  fi: (v) => `Sinut on kutsuttu etävastaanotolle. Avaa ${v.link} ja kirjaudu sähköpostilla ${v.email} ja PIN-koodilla ${v.pin}.`,
  se: (v) => `Du har bjudits in till en distansmottagning. Öppna ${v.link} och logga in med e-post ${v.email} och PIN-koden ${v.pin}.`,
  en: (v) => `You are invited to a remote appointment. Open ${v.link} and sign in with the e-mail ${v.email} and the PIN ${v.pin}.`,
};

/** The invitation SMS with the guest page link, the e-mail and the PIN, when the guest gave a mobile number. */
export async function sendGuestInvitationSms(
  tx: Tx,
  guest: { mobile: string | null; language: Language; email: string },
  link: string,
  pin: string,
): Promise<boolean> {
  const to = toInternationalNumber(guest.mobile);
  if (!to) return false;
  await enqueueSms(tx, { to, text: SMS_TEXT[guest.language]({ link, email: guest.email, pin }) });
  return true;
}
