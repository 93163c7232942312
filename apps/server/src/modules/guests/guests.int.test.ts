import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccessKey, AppointmentDetail, ChatChannel, GuestAppointmentData, GuestCompany, GuestResponse } from '@prsp/contracts';
import { appointmentParticipants, appointments, auditLog, guestSessions } from '../../db/schema';
import { expectError, okData } from '../patients/patient.steps';
import { bookingExpert } from '../booking/booking.steps';
import { bearerClient, bookedAppointment, guestClient } from '../chat/chat.steps';
import { emailsTo, fieldKeys, postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import type { TestBrowser } from '../../test/http-client';
import { anonymousBrowser, guestLogin, inviteGuestAndReadPin, pinFromInvitation, signInGuest, startAppointmentNow } from './guest.steps';

/**
 * Issue 10: guest entry. A guest invited to a group appointment gets a 6-digit PIN by e-mail (only its hash is
 * stored), signs in on the guest page with e-mail and PIN, and their bearer token opens that one appointment only.
 */
let t: TestApp;
let espoo: string;
let admin: TestBrowser;
let experts: { expertId: string; hostExpertId: string };
let n = 0;

beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
  admin = await staffBrowser(t, { preset: 'booker' });
  const lead = await bookingExpert(t, espoo, 'nurse');
  const host = await bookingExpert(t, espoo, 'doctor');
  experts = { expertId: lead.id, hostExpertId: host.id };
});
afterAll(() => t.close());

/** A new group appointment an hour from now with one guest of their own, and the PIN from the invitation. */
async function invited(over: { video?: boolean; startsInMinutes?: number } = {}) {
  n += 1;
  // Each at a time of its own: the same experts cannot have two at once.
  return inviteGuestAndReadPin(t, admin, {
    ...experts,
    guest: { name: `Greta Guest${n}`, email: `greta${n}@test.example` },
    startsInMinutes: 60 + n * 90,
    ...over,
  });
}

describe('the invitation', () => {
  test('carries the guest page link, the e-mail and the PIN; only the PIN hash is stored', async () => {
    const { appointment, email, pin } = await invited();
    expect(pin).toMatch(/^\d{6}$/);
    const mail = await pinFromInvitation(t, email);
    expect(mail.subject).toMatch(/^Invitation to a group appointment /);
    // The guest page opens in the guest's language (issue 29).
    expect(mail.text).toContain(`${t.baseUrl}/guest/${appointment.id}?lang=en`);
    expect(mail.text).toContain(`Sign in with the e-mail address ${email} and the PIN ${pin}.`);
    const [row] = await t.database.db
      .select()
      .from(appointmentParticipants)
      .where(eq(appointmentParticipants.appointmentId, appointment.id));
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(pin);
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain(pin);
  });

  test('an edit keeps the PIN of a guest who stays and gives one only to the guest added', async () => {
    const { appointment, email, pin } = await invited();
    const [before] = await t.database.db
      .select()
      .from(appointmentParticipants)
      .where(eq(appointmentParticipants.appointmentId, appointment.id));
    const start = new Date(appointment.startTime);
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Helsinki' });
    const date = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(start);
    await okData<AppointmentDetail>(
      postJson(admin, `/api/admin/bookings/${appointment.id}/update`, {
        kind: 'group',
        ...experts,
        date,
        startTime: time.format(start),
        durationMinutes: 60,
        sendConfirmation: false,
        guests: [
          { name: 'Greta', email, language: 'en' },
          { name: 'Nils Ny', email: 'nils-new@test.example', language: 'se' },
        ],
      }),
    );
    const people = await t.database.db
      .select()
      .from(appointmentParticipants)
      .where(eq(appointmentParticipants.appointmentId, appointment.id));
    expect(people.find((p) => p.email === email)!.pinHash).toBe(before!.pinHash);
    const added = await pinFromInvitation(t, 'nils-new@test.example');
    expect(added.subject).toMatch(/^Inbjudan till gruppmottagning /);
    // The guest who stayed gets the update, without a PIN; their invitation's PIN still opens.
    const [latest] = (await emailsTo(t, email)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    expect(latest!.subject).toMatch(/^Appointment changed/);
    expect(latest!.text).not.toMatch(/PIN/);
    await okData(guestLogin(t, appointment.id, { email, password: pin }));
  });

  test('video: the admin kind with video is stored as group-video or basic, and read back', async () => {
    const { appointment } = await invited({ video: true });
    expect(appointment).toMatchObject({ kind: 'group', video: true });
    const [row] = await t.database.db.select({ type: appointments.type }).from(appointments).where(eq(appointments.id, appointment.id));
    expect(row!.type).toBe('group-video');
    const plain = await invited();
    expect(plain.appointment.video).toBe(false);
  });
});

describe('GET /api/guest/company-for-appointment/{uuid}', () => {
  test("a group appointment's organisation, as /api/config takes it; anything else 404", async () => {
    const { appointment } = await invited();
    const company = await okData<GuestCompany>(anonymousBrowser(t).fetch(`/api/guest/company-for-appointment/${appointment.id}`));
    expect(company).toEqual({ organization_code: espoo });
    await okData(anonymousBrowser(t).fetch(`/api/config/${company.organization_code}`));
    const one = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: experts.expertId,
      startsAt: new Date(Date.now() + 3_600_000),
    });
    for (const id of [one.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'])
      await expectError(anonymousBrowser(t).fetch(`/api/guest/company-for-appointment/${id}`), 404, 404);
  });
});

describe('POST /api/guest/login/{uuid}', () => {
  test('the right e-mail (any case) and PIN: a token bound to the appointment, which checkAuth and appointment-data accept', async () => {
    const { appointment, email, pin } = await invited();
    const signedIn = await okData<GuestResponse>(guestLogin(t, appointment.id, { email: ` ${email.toUpperCase()} `, password: pin }));
    expect(signedIn).toMatchObject({ name: expect.stringMatching(/^Greta Guest/), email });
    expect(signedIn.token.length).toBeGreaterThanOrEqual(40);
    const [session] = await t.database.db.select().from(guestSessions).where(eq(guestSessions.appointmentId, appointment.id));
    expect(session!.expiresAt.getTime()).toBe(appointment.endTime + 3_600_000);
    expect(JSON.stringify(session)).not.toContain(signedIn.token);

    const guest = bearerClient(t.baseUrl, signedIn.token);
    expect(await okData<GuestResponse>(guest.fetch(`/api/guest/checkAuth/${appointment.id}`))).toEqual(signedIn);
    const data = await okData<GuestAppointmentData>(guest.fetch(`/api/guest/appointment-data/${appointment.id}`));
    expect(data).toMatchObject({ uuid: appointment.id, type: 'group', startTime: appointment.startTime, duration: 60 });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, appointment.id));
    expect(audit.map((a) => a.action)).toContain('guest.login');
  });

  test('wrong PIN, unknown e-mail, an unknown or one-to-one appointment: the same 101; malformed fields: 400', async () => {
    const { appointment, email, pin } = await invited();
    const wrong = pin === '000000' ? '000001' : '000000';
    await expectError(guestLogin(t, appointment.id, { email, password: wrong }), 401, 101);
    await expectError(guestLogin(t, appointment.id, { email: 'nobody@test.example', password: pin }), 401, 101);
    await expectError(guestLogin(t, '00000000-0000-4000-8000-000000000000', { email, password: pin }), 401, 101);
    const bad = await expectError(guestLogin(t, appointment.id, { email: 'not-an-address', password: '12ab' }), 400, 400);
    expect(fieldKeys(bad as never)).toEqual({ email: 'fields.email', password: 'fields.pin' });
    const badPin = await expectError(guestLogin(t, appointment.id, { email, password: '1234567' }), 400, 400);
    expect(fieldKeys(badPin as never)).toEqual({ password: 'fields.pin' });
    // The wrong PIN counted one failure, nothing else did.
    const [row] = await t.database.db
      .select()
      .from(appointmentParticipants)
      .where(eq(appointmentParticipants.appointmentId, appointment.id));
    expect(row!.pinFailures).toBe(1);
  });

  test('five wrong PINs lock the guest out: the fifth and then the right PIN answer 102 with the time to retry; an unknown e-mail still 101', async () => {
    const { appointment, email, pin } = await invited();
    const wrong = pin === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) await expectError(guestLogin(t, appointment.id, { email, password: wrong }), 401, 101);
    const fifth = await guestLogin(t, appointment.id, { email, password: wrong });
    const locked = (await expectError(fifth, 429, 102)) as { retryAt?: string };
    const [row] = await t.database.db
      .select()
      .from(appointmentParticipants)
      .where(eq(appointmentParticipants.appointmentId, appointment.id));
    expect(row!.pinLockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(locked.retryAt).toBe(row!.pinLockedUntil!.toISOString());
    const right = (await expectError(guestLogin(t, appointment.id, { email: email.toUpperCase(), password: pin }), 429, 102)) as {
      retryAt?: string;
    };
    expect(right.retryAt).toBe(locked.retryAt);
    // Whoever guesses addresses learns nothing: an address that is not invited gets the plain refusal.
    await expectError(guestLogin(t, appointment.id, { email: 'stranger@test.example', password: pin }), 401, 101);
    expect(await t.database.db.select().from(guestSessions).where(eq(guestSessions.appointmentId, appointment.id))).toEqual([]);
  });
});

describe('the guest token opens its own appointment only', () => {
  test("another appointment's token is refused on checkAuth, access-key and appointment-data; no token is 101", async () => {
    const mine = await invited();
    const other = await invited();
    const token = (await signInGuest(t, other.appointment.id, other.email, other.pin)).token;
    const guest = bearerClient(t.baseUrl, token);
    for (const call of ['checkAuth', 'access-key', 'appointment-data'])
      await expectError(guest.fetch(`/api/guest/${call}/${mine.appointment.id}`), 401, 101);
    for (const call of ['checkAuth', 'access-key', 'appointment-data'])
      await expectError(anonymousBrowser(t).fetch(`/api/guest/${call}/${mine.appointment.id}`), 401, 101);
  });

  test("a one-to-one appointment's access key is refused", async () => {
    const own = await bookingExpert(t, espoo, 'nurse');
    const one = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: own.id,
      startsAt: new Date(Date.now() - 60_000),
      guests: [{ name: 'Odd Guest', email: 'odd@test.example' }],
    });
    const guest = await guestClient(t, one.participants.guests[0]!, one.id);
    await expectError(guest.fetch(`/api/guest/access-key/${one.id}`), 403, 403);
  });

  test('the access key is the group chat: too early 403; at the start the guest is in it over HTTP', async () => {
    const { appointment, email, pin } = await invited();
    const token = (await signInGuest(t, appointment.id, email, pin)).token;
    const guest = bearerClient(t.baseUrl, token);
    await expectError(guest.fetch(`/api/guest/access-key/${appointment.id}`), 403, 403);
    await startAppointmentNow(t, appointment.id);
    const { access_key } = await okData<AccessKey>(guest.fetch(`/api/guest/access-key/${appointment.id}`));
    const channel = await okData<ChatChannel>(guest.fetch(`/api/chat/channels/${access_key}`));
    expect(channel).toMatchObject({ id: access_key, kind: 'group', status: 'active' });
    // Asked again, the same channel.
    expect(await okData<AccessKey>(guest.fetch(`/api/guest/access-key/${appointment.id}`))).toEqual({ access_key });
  });
});
