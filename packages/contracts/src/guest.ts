import { z } from 'zod/mini';
import { ZPatientAppointment } from './services';
import { zText } from './text';

/**
 * Guest entry (spec §2 'Guest pages', §5 'Guest login', §6 'Guest', §7 'Guest (bearer guest token)'): a guest of a
 * group appointment signs in with their e-mail and the 6-digit PIN of their invitation, and gets a bearer token
 * bound to that one appointment.
 */
export const GUEST_LIMITS = {
  /** Spec §9: PIN 6 digits. */
  pinLength: 6,
  /** Wrong PINs in a row before the guest is locked out (answered 102 with `retryAt`; docs/guests.md). */
  maxPinFailures: 5,
  /** How long the lockout lasts. */
  lockoutMinutes: 15,
} as const;

export const GUEST_PIN = /^\d{6}$/;

/** `POST /api/guest/login/{uuid}`: spec field names (the PIN travels as `password`). Field keys are spec §5's. */
export const ZGuestLoginRequest = z.object({
  email: zText().check(z.trim(), z.minLength(1, 'required'), z.email('email'), z.maxLength(254, 'tooLong')),
  password: zText().check(z.regex(GUEST_PIN, 'pin')),
});
export type GuestLoginRequest = z.infer<typeof ZGuestLoginRequest>;

/** Spec §3 'Guest response': `login` and `checkAuth` answer it. */
export const ZGuestResponse = z.object({ token: z.string(), name: z.string(), email: z.string() });
export type GuestResponse = z.infer<typeof ZGuestResponse>;

/** `GET /api/guest/company-for-appointment/{uuid}`: the organisation whose look and texts the guest page takes. */
export const ZGuestCompany = z.object({ organization_code: z.string() });
export type GuestCompany = z.infer<typeof ZGuestCompany>;

/** Spec §3 'Access key': `GET /api/guest/access-key/{uuid}`, only for group appointments; the key is the group's chat channel id. */
export const ZAccessKey = z.object({ access_key: z.string() });
export type AccessKey = z.infer<typeof ZAccessKey>;

/** `GET /api/guest/appointment-data/{uuid}`: the one appointment the guest may see, as a patient would see it. */
export const ZGuestAppointmentData = ZPatientAppointment;
export type GuestAppointmentData = z.infer<typeof ZGuestAppointmentData>;

/**
 * `POST /api/admin/bookings/{id}/guests/{participantId}/new-pin` and `POST /api/expert/appointments/{id}/guests/
 * {participantId}/new-pin`: the organiser sends one guest of the appointment a new PIN.
 */
export const ZGuestPinParams = z.object({ id: z.uuid('invalid'), participantId: z.uuid('invalid') });
