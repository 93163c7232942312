import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppointmentDetail } from '@prsp/contracts';
import { appointmentParticipants, auditLog, outboxSms } from '../../db/schema';
import { expectError, okData } from '../patients/patient.steps';
import { bookingExpert } from '../booking/booking.steps';
import { chatExpert } from '../chat/chat.steps';
import { postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import type { TestBrowser } from '../../test/http-client';
import { guestLogin, inviteGuestAndReadPin, pinFromInvitation, signInGuest } from './guest.steps';

/**
 * Issue 29, major 2: a guest locked out by wrong PINs is not stuck. The organiser (the admin's and the expert's
 * appointment page) sees the lockout on that guest and sends a new PIN, which replaces the old one, clears the
 * lockout and goes out by e-mail and SMS like the first invitation.
 */
let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
let host: Awaited<ReturnType<typeof chatExpert>>;
let lead: { id: string };
let n = 0;

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t, { preset: 'booker' });
  lead = await bookingExpert(t, espoo, 'nurse');
  host = await chatExpert(t, espoo, 'q-reissue');
});
afterAll(() => t.close());

/** A group appointment with one guest, who then types five wrong PINs (or none: `lock` false). */
async function lockedOutGuest(lock = true) {
  n += 1;
  const invited = await inviteGuestAndReadPin(t, admin, {
    expertId: lead.id,
    hostExpertId: host.expertId,
    guest: { name: `Lotta Locked${n}`, email: `lotta${n}@test.example`, language: 'se' },
    startsInMinutes: 60 + n * 90,
  });
  const wrong = invited.pin === '999999' ? '999998' : '999999';
  // Five tries a guest: the file stays under the sign-in limit of 20 a minute from one address.
  if (lock) for (let i = 0; i < 5; i++) await guestLogin(t, invited.appointment.id, { email: invited.email, password: wrong });
  const guestId = invited.appointment.participants.find((p) => p.role === 'guest')!.id;
  return { ...invited, guestId };
}

const newPinPath = (area: 'admin' | 'expert', appointmentId: string, participantId: string) =>
  area === 'admin'
    ? `/api/admin/bookings/${appointmentId}/guests/${participantId}/new-pin`
    : `/api/expert/appointments/${appointmentId}/guests/${participantId}/new-pin`;

describe('the organiser sees the lockout', () => {
  test("on the guest in the admin's and the appointment expert's view of the appointment", async () => {
    const { appointment, guestId } = await lockedOutGuest();
    const seen = await okData<AppointmentDetail>(admin.fetch(`/api/admin/bookings/${appointment.id}`));
    const guest = seen.participants.find((p) => p.id === guestId)!;
    expect(guest.pinLockedUntil).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(seen.participants.filter((p) => p.id !== guestId).map((p) => p.pinLockedUntil)).toEqual(
      seen.participants.filter((p) => p.id !== guestId).map(() => null),
    );
    const hosts = await okData<AppointmentDetail>(host.browser.fetch(`/api/expert/appointments/${appointment.id}`));
    expect(hosts.participants.find((p) => p.id === guestId)!.pinLockedUntil).toBe(guest.pinLockedUntil);
  });
});

describe('a new PIN', () => {
  test('from the admin: replaces the old PIN, clears the lockout, goes by e-mail and SMS, and is audited', async () => {
    const { appointment, email, pin, guestId } = await lockedOutGuest();
    await t.database.db.update(appointmentParticipants).set({ mobile: '040 123 4567' }).where(eq(appointmentParticipants.id, guestId));
    const after = await okData<AppointmentDetail>(postJson(admin, newPinPath('admin', appointment.id, guestId)));
    expect(after.participants.find((p) => p.id === guestId)!.pinLockedUntil).toBeNull();

    const mail = await pinFromInvitation(t, email);
    expect(mail.pin).toMatch(/^\d{6}$/);
    expect(mail.subject).toMatch(/^Inbjudan till gruppmottagning /);
    expect(mail.text).toContain(`/guest/${appointment.id}?lang=se`);
    const [sms] = await t.database.db
      .select()
      .from(outboxSms)
      .where(eq(outboxSms.toNumber, '+358401234567'))
      .orderBy(desc(outboxSms.createdAt));
    expect(sms!.text).toContain(mail.pin);
    if (mail.pin !== pin) await expectError(guestLogin(t, appointment.id, { email, password: pin }), 401, 101);
    await signInGuest(t, appointment.id, email, mail.pin);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, appointment.id), eq(auditLog.action, 'guest.pinReissued')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ participantId: guestId });
    expect(JSON.stringify(audit)).not.toContain(mail.pin);
  });

  test("from the appointment's expert (a guest who lost the invitation); another expert is refused 404", async () => {
    const { appointment, email, guestId } = await lockedOutGuest(false);
    const stranger = await chatExpert(t, espoo, 'q-stranger', { firstName: 'Outi', lastName: 'Ulkopuolinen' });
    await expectError(postJson(stranger.browser, newPinPath('expert', appointment.id, guestId)), 404, 404);
    const after = await okData<AppointmentDetail>(postJson(host.browser, newPinPath('expert', appointment.id, guestId)));
    expect(after.participants.find((p) => p.id === guestId)!.pinLockedUntil).toBeNull();
    await signInGuest(t, appointment.id, email, (await pinFromInvitation(t, email)).pin);
  });

  test("another organisation's admin, another appointment's guest, or a bad id: refused", async () => {
    const { appointment, guestId } = await lockedOutGuest();
    const foreign = await staffBrowser(t, { organisation: kaarina, preset: 'booker' });
    await expectError(postJson(foreign, newPinPath('admin', appointment.id, guestId)), 404, 404);
    const other = await lockedOutGuest(false);
    await expectError(postJson(admin, newPinPath('admin', appointment.id, other.guestId)), 404, 404);
    await expectError(postJson(admin, newPinPath('admin', appointment.id, 'not-a-uuid')), 400, 400);
    const [row] = await t.database.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.id, guestId));
    expect(row!.pinLockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });
});
