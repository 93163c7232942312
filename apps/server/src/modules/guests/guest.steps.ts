import { and, desc, eq } from 'drizzle-orm';
import { localDateAt, type AppointmentDetail, type GuestResponse } from '@prsp/contracts';
import { appointments, outboxEmails } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { postJson, withCsrfCookie } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';

const MINUTE = 60_000;

/** The PIN of the latest guest invitation to `email`, read from the outbox as the guest would read the e-mail. */
export async function pinFromInvitation(t: TestApp, email: string): Promise<{ pin: string; subject: string; text: string }> {
  const mails = await t.database.db
    .select({ subject: outboxEmails.subject, text: outboxEmails.text })
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, email))
    .orderBy(desc(outboxEmails.createdAt));
  for (const mail of mails) {
    const pin = /PIN[^0-9]{0,20}(\d{6})\b/.exec(mail.text)?.[1];
    if (pin) return { pin, ...mail };
  }
  throw new Error(`no guest invitation with a PIN to ${email}`);
}

/** A whole minute in the service's time zone `minutes` from now, as the admin form enters it. */
function formTime(minutes: number) {
  const at = new Date(Math.ceil((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Helsinki' });
  return { date: localDateAt(at), startTime: time.format(at) };
}

/**
 * An admin books a group appointment (through the admin route) with one guest, and the guest's PIN is read from
 * their invitation e-mail: the way every guest test and the browser journeys begin. The appointment starts
 * `startsInMinutes` from now (the admin form takes only future times; `startAppointmentNow` moves it).
 */
export async function inviteGuestAndReadPin(
  t: TestApp,
  admin: TestBrowser,
  opts: {
    expertId: string;
    hostExpertId: string;
    guest: { name: string; email: string; language?: 'fi' | 'se' | 'en' };
    video?: boolean;
    startsInMinutes?: number;
    durationMinutes?: number;
  },
): Promise<{ appointment: AppointmentDetail; email: string; pin: string }> {
  const res = await postJson(admin, '/api/admin/bookings/create', {
    kind: 'group',
    expertId: opts.expertId,
    hostExpertId: opts.hostExpertId,
    ...formTime(opts.startsInMinutes ?? 60),
    durationMinutes: opts.durationMinutes ?? 60,
    sendConfirmation: false,
    video: opts.video ?? false,
    guests: [{ language: 'en', ...opts.guest }],
  });
  const body = (await res.json()) as { status: string; data: AppointmentDetail; statusCode: number };
  if (body.status !== 'ok') throw new Error(`booking refused: ${body.statusCode}`);
  const { pin } = await pinFromInvitation(t, opts.guest.email);
  return { appointment: body.data, email: opts.guest.email, pin };
}

/**
 * Moves an appointment to start now (whole minute) for `minutes`: its chat window is open. Half an hour by default:
 * the invitations of other tests start an hour from their own now, and an hour from the floored minute could reach
 * past that start by under a second and collide with it (the expert's no-overlap constraint).
 */
export async function startAppointmentNow(t: TestApp, appointmentId: string, minutes = 30): Promise<void> {
  const startsAt = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
  await t.database.db
    .update(appointments)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + minutes * MINUTE) })
    .where(and(eq(appointments.id, appointmentId)));
}

/** An anonymous page of ours (CSRF cookie, our Origin), as the guest page is before sign-in. */
export function anonymousBrowser(t: TestApp): TestBrowser {
  return withCsrfCookie(new TestBrowser(t.baseUrl));
}

/** `POST /api/guest/login/{uuid}` as the guest page sends it. */
export function guestLogin(t: TestApp, appointmentId: string, body: { email: string; password: string }, browser = anonymousBrowser(t)) {
  return postJson(browser, `/api/guest/login/${appointmentId}`, body);
}

/** Signs a guest in and answers their guest response (throws on a refusal). */
export async function signInGuest(t: TestApp, appointmentId: string, email: string, pin: string): Promise<GuestResponse> {
  const res = await guestLogin(t, appointmentId, { email, password: pin });
  const body = (await res.json()) as { status: string; data: GuestResponse; statusCode: number };
  if (body.status !== 'ok') throw new Error(`guest sign-in refused: ${body.statusCode}`);
  return body.data;
}
