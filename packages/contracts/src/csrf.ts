/**
 * The double-submit CSRF token (docs/security.md): the server sets it in this cookie, readable by the page, and every
 * request that changes something sends it back in this header. In production the cookie's name has the `__Host-`
 * prefix (Secure, host-only, path /).
 */
export const CSRF_COOKIE = 'prsp_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The prefix of the production cookies' names, which browsers only accept over https. */
export const HOST_COOKIE_PREFIX = '__Host-';
