import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SELF_ASSESSMENT_STAND_IN_PATH } from '@prsp/contracts';
import { AppError } from '../../platform/app-error';

/**
 * The built-in self-assessment's policy. The chat frames it sandboxed (scripts and forms, no same-origin); it loads
 * its script and styles from us, calls no API at all (it talks to the page around it by postMessage only), and may
 * be framed by the app's own pages alone, where every other page of the service may be framed by nobody.
 */
export const SELF_ASSESSMENT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'none'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * A stand-in for the health-assessment connector (docs/self-assessment.md): a short symptom questionnaire of our own
 * that speaks the connector's protocol, so the chat's real frame code runs in the demo and the tests. The page is
 * the web build's `self-assessment.html`; mounted only when enabled, which production refuses (config.ts).
 */
export async function selfAssessmentStandIn(app: FastifyInstance, opts: { webRoot: string }) {
  const file = path.join(path.resolve(opts.webRoot), 'self-assessment.html');
  app.get(SELF_ASSESSMENT_STAND_IN_PATH, async (_req, reply) => {
    const html = await readFile(file, 'utf8').catch(() => {
      throw new AppError(404, { detail: 'web app not built: run `npm run build`' });
    });
    // Replaces the site-wide framing refusal (CSP and X-Frame-Options, set on the raw response before the route ran).
    reply.raw.removeHeader('x-frame-options');
    reply.raw.setHeader('content-security-policy', SELF_ASSESSMENT_CSP);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
