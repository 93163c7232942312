import { z } from 'zod/mini';
import { zText } from './text';

/** `GET /api/auth/check`: answers only while the session lives; otherwise statusCode 101. */
export const ZAuthCheck = z.object({ authenticated: z.literal(true), expiresAt: z.iso.datetime() });
export type AuthCheck = z.infer<typeof ZAuthCheck>;

/** `GET /api/user/info`: the signed-in person as the identity broker named them. */
export const ZUserInfo = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
export type UserInfo = z.infer<typeof ZUserInfo>;

/** `GET /api/user/stripped-token`: what the health-assessment connector needs, without the identity code. */
export const ZStrippedToken = z.object({ token: z.string(), age: z.int().check(z.minimum(0)), gender: z.enum(['male', 'female']) });
export type StrippedToken = z.infer<typeof ZStrippedToken>;

/** Query of `GET /api/login`. */
export const ZLoginQuery = z.object({ lang: z.optional(zText().check(z.maxLength(5))) });

/**
 * `POST /api/logout`: with a signed-in patient, the identity provider's end-session request the browser sends next
 * (a form POST to `url` with `params`: the ID token is in the body, never in a URL), so the identification ends too
 * (RP-initiated logout) and comes back to the logout page; null when there is nothing to end there (no session, or a
 * provider without an end-session endpoint).
 */
export const ZLogoutResult = z.nullable(z.object({ endSession: z.object({ url: z.url(), params: z.record(z.string(), z.string()) }) }));
export type LogoutResult = z.infer<typeof ZLogoutResult>;

/**
 * Sign-in failures the callback reports to the authentication page as `?error=`; `loginCancelled` is the person
 * cancelling at the identity broker (OAuth error=access_denied), not a failure.
 */
export const LOGIN_ERRORS = ['invalidSsn', 'loginFailed', 'loginCancelled'] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];
