import type { FastifyReply } from 'fastify';

/**
 * The runner page's own policy. It runs sandboxed (scripts and forms, no same-origin), loads its script and styles
 * from us, calls only our API, and may be framed by the app's own pages alone (`frame-ancestors 'self'`), where
 * every other page of the service may be framed by nobody.
 */
export const SURVEY_RUNNER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Replaces the site-wide framing refusal (CSP and X-Frame-Options, which the security plugin set on the raw response
 * before the route ran) with the runner page's own policy.
 */
export function surveyRunnerPageHeaders(reply: FastifyReply): FastifyReply {
  reply.raw.removeHeader('x-frame-options');
  reply.raw.setHeader('content-security-policy', SURVEY_RUNNER_CSP);
  return reply.header('cache-control', 'no-cache');
}
