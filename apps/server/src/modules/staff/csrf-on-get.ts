import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import { safeEqual } from '../../platform/crypto/tokens';
import { CSRF_HEADER } from '../../plugins/csrf';
import type { CookieNames } from '../../plugins/session';

/**
 * The CSRF plugin's double-submit and Origin check, for a GET that changes state. The spec makes
 * staff logout a GET (`GET /sso/logout`); without this check any page could sign a user out with
 * a link or a top-level navigation, which SameSite=Lax still sends the cookie on.
 */
export function requireCsrfOnGet(names: CookieNames, publicOrigin: string) {
  return async (req: FastifyRequest): Promise<void> => {
    const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
    if (origin !== publicOrigin) throw new AppError(403, { detail: `origin refused: ${origin ?? 'none'}` });
    const cookie = req.cookies[names.csrf];
    const header = req.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new AppError(403, { detail: 'csrf token mismatch' });
  };
}

function refererOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
