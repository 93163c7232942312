/**
 * Paths whose last segment is a bearer secret: an e-mailed password link (valid for hours) and a signed chat file
 * link. Logs keep the path, to follow a request, but never the secret in it.
 */
const SECRET_SEGMENT = /^(\/api\/sso\/password-token\/|\/api\/chat\/files\/)[^/]+/;

/** A request's URL as the log shows it: no query string (it may carry search terms), no secret path segment. */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(SECRET_SEGMENT, '$1[redacted]');
}
