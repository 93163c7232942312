import type { z } from 'zod/mini';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  HOST_COOKIE_PREFIX,
  okEnvelope,
  ZErrorEnvelope,
  type ErrorEnvelope,
  type FieldError,
} from '@prsp/contracts';
import { isAuthenticated, setAuthenticated } from './auth-state';
import { readCookie } from './cookies';
import { catalogueTextsReady } from './i18n';
import { carriesGuestToken, clearGuestSession, guestPagePath, readGuestSession } from './guest-session';
import { takePageAnswer } from './page-answers';
import { sessionExpiredRedirect } from './session-expiry';

/** A failed call: `statusCode` from the spec's catalogue, `errorKey` for the user's language. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorKey: string,
    message: string,
    readonly fields?: FieldError[],
    /** When a refused action may be tried again (ISO 8601), e.g. the end of a sign-in lockout. */
    readonly retryAt?: string,
    /** A 422 of an admin booking: the open timeslots in the way, which the admin may replace. */
    readonly openTimes?: ErrorEnvelope['openTimes'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Navigate = (to: string) => void;
let navigateOnExpiry: Navigate = (to) => location.assign(to);

/** The router registers its navigate so a session expiry moves within the app. */
export function setExpiryNavigation(navigate: Navigate): void {
  navigateOnExpiry = navigate;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function csrfToken(): string | undefined {
  return readCookie(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? readCookie(CSRF_COOKIE);
}

/**
 * Calls the API and parses the answer with the contract's schema. Network failures surface as 500.
 * A 101 while signed in outside the exempt pages logs the user out to the session-expired page.
 */
export async function api<T extends z.ZodMiniType>(
  path: string,
  data: T,
  init: { method?: string; body?: unknown; csrf?: boolean; keepalive?: boolean } = {},
): Promise<z.infer<T>> {
  const method = init.method ?? 'GET';
  // The page may have brought this answer with it (lib/page-answers.ts): a round trip saved on the first render.
  const answered = method === 'GET' ? takePageAnswer(path) : undefined;
  if (answered !== undefined) return parseAnswer(answered, data, path);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const token = csrfToken();
  // `csrf`: a GET that changes state (the staff logout of spec §7) carries the token too.
  if ((MUTATING.has(method) || init.csrf) && token) headers[CSRF_HEADER] = token;
  const guest = guestAuthorization(path, headers);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      // `keepalive`: the request outlives the page that sends it (a hold let go as the page closes).
      ...(init.keepalive ? { keepalive: true } : {}),
      // A browser sends no Origin on a same-origin GET; the server then checks the Referer, which the
      // site-wide no-referrer policy would drop.
      ...(init.csrf ? { referrerPolicy: 'same-origin' as const } : {}),
    });
  } catch {
    throw new ApiError(500, 'errors.processing', 'Network error');
  }
  return parseAnswer(await response.json().catch(() => undefined), data, path, guest);
}

/** A signed-in guest's calls carry their bearer token (spec §6 'Guest'); returns the appointment when one was sent. */
function guestAuthorization(path: string, headers: Record<string, string>): string | undefined {
  const guest = carriesGuestToken(path) ? readGuestSession() : null;
  if (!guest) return undefined;
  headers.authorization = `Bearer ${guest.token}`;
  return guest.appointmentId;
}

/** Multipart upload (the organisation form of spec §3): the browser sets the boundary; CSRF as for any POST. */
export async function apiForm<T extends z.ZodMiniType>(path: string, data: T, form: FormData): Promise<z.infer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  const guest = guestAuthorization(path, headers);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, credentials: 'same-origin', body: form });
  } catch {
    throw new ApiError(500, 'errors.processing', 'Network error');
  }
  return parseAnswer(await response.json().catch(() => undefined), data, path, guest);
}

/** Reads an answer's envelope (`json` is undefined when the body was not JSON). */
async function parseAnswer<T extends z.ZodMiniType>(
  json: unknown,
  data: T,
  path: string,
  /** The appointment whose guest token went with the call. */
  guestAppointment?: string,
): Promise<z.infer<T>> {
  const failure = ZErrorEnvelope.safeParse(json);
  if (failure.success) {
    // Whoever catches the error shows its key's text: make sure the catalogue's texts are there.
    await catalogueTextsReady().catch(() => undefined);
    const { statusCode, errorKey, message, fields, retryAt, openTimes } = failure.data;
    if (statusCode === 101 && guestAppointment) {
      // The guest's token has ended: forget it, and the guest page shows the login form again.
      clearGuestSession();
      const target = guestPagePath(guestAppointment);
      if (location.pathname !== target) navigateOnExpiry(target);
    } else if (statusCode === 101) {
      const target = sessionExpiredRedirect(location.pathname, isAuthenticated());
      setAuthenticated(false);
      if (target) navigateOnExpiry(target);
    }
    throw new ApiError(statusCode, errorKey, message, fields, retryAt, openTimes);
  }
  const success = okEnvelope(data).safeParse(json);
  if (!success.success) throw new ApiError(500, 'errors.processing', `Unexpected answer from ${path}`);
  return (success.data as { data: z.infer<T> }).data;
}
