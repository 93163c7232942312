import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/app-error';

export const SECURITY_TXT_PATH = '/.well-known/security.txt';

export type SecurityTxtOptions = {
  /** `mailto:` or `https:` (config.ts checks it); none: the file is not served. */
  contact: string | undefined;
  policyUrl?: string | undefined;
  /** The service's public address: the file names its own canonical URL. */
  publicUrl: string;
  /** When the file stops being valid; default one year after the server started. */
  expires?: Date;
};

/** RFC 9116 wants an RFC 3339 time; whole seconds are enough. */
const timestamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One year after `from`. */
export function oneYearAfter(from: Date): Date {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date;
}

/** The file's text (RFC 9116): where to report, until when this holds, in which languages, and where it lives. */
export function securityTxt(opts: { contact: string; policyUrl?: string; publicUrl: string; expires: Date }): string {
  return [
    `Contact: ${opts.contact}`,
    `Expires: ${timestamp(opts.expires)}`,
    'Preferred-Languages: fi, sv, en',
    `Canonical: ${opts.publicUrl}${SECURITY_TXT_PATH}`,
    ...(opts.policyUrl ? [`Policy: ${opts.policyUrl}`] : []),
    '',
  ].join('\n');
}

/**
 * `GET /.well-known/security.txt` (RFC 9116): how to report a vulnerability. Its `Expires` is one year after the
 * server started, so a running service never shows an expired file. With no contact configured (production without
 * SECURITY_CONTACT) it answers 404 rather than the web app's page.
 */
export async function securityTxtRoutes(app: FastifyInstance, opts: SecurityTxtOptions) {
  const { contact, policyUrl } = opts;
  const text = contact
    ? securityTxt({ contact, policyUrl, publicUrl: opts.publicUrl, expires: opts.expires ?? oneYearAfter(new Date()) })
    : null;
  app.get(SECURITY_TXT_PATH, async (_req, reply) => {
    if (text === null) throw new AppError(404);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(text);
  });
}
