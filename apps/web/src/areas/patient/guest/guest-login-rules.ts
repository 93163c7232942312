import { z } from 'zod/mini';
import { GUEST_PIN } from '@prsp/contracts';
import { ApiError } from '@/lib/api-client';

/** What is wrong with a field of the guest login form (spec §5 'Guest login'); each names a text under `guest.login`. */
export type GuestFieldError = 'emailRequired' | 'emailMalformed' | 'pinRequired' | 'pinMalformed';
export type GuestLoginErrors = { email?: GuestFieldError; pin?: GuestFieldError };

const ZEmail = z.email();

/** Spec §5: both fields are needed, the e-mail well formed and the PIN exactly 6 digits (the server checks the same). */
export function guestLoginErrors(email: string, pin: string): GuestLoginErrors {
  const errors: GuestLoginErrors = {};
  const address = email.trim();
  if (!address) errors.email = 'emailRequired';
  else if (address.length > 254 || !ZEmail.safeParse(address).success) errors.email = 'emailMalformed';
  if (!pin) errors.pin = 'pinRequired';
  else if (!GUEST_PIN.test(pin)) errors.pin = 'pinMalformed';
  return errors;
}

/**
 * The form's message after the server refused the sign-in (spec §8 'Guest'): 101 is a wrong e-mail or PIN, 102 a
 * guest locked out by too many wrong PINs (with the time to retry), refused fields are 'Please check fields',
 * anything else 'Unable to login!'.
 */
export function guestLoginFailure(err: unknown): 'wrongPin' | 'lockedOut' | 'checkFields' | 'unknownError' {
  if (err instanceof ApiError) {
    if (err.statusCode === 101) return 'wrongPin';
    if (err.statusCode === 102 && err.retryAt) return 'lockedOut';
    if (err.fields?.length) return 'checkFields';
  }
  return 'unknownError';
}

/** Keeps the PIN field to digits as the guest types or pastes (a pasted '123 456' becomes '123456'). */
export const pinInput = (value: string) => value.replace(/\D/g, '').slice(0, 6);
