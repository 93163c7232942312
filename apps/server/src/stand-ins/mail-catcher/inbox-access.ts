import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { findStaffStanding } from '../../platform/access/access.repo';
import { isLocalRequest } from '../../platform/access/local-request';
import { AppError } from '../../platform/app-error';
import { resolveSession, type SessionPolicy } from '../../platform/session/sessions.service';

/**
 * Guard of the demo inbox, whose mails hold registration and password-reset links: only clients on this
 * machine or a signed-in global admin (in the admin app, active, not locked) may read it; others get 403.
 * The HTML page is outside `/api`, where the session plugin does not load the session, so it is resolved here.
 */
export function requireLocalOrGlobalAdmin(opts: { db: Db; policy: SessionPolicy; sessionCookie: string }) {
  return async (req: FastifyRequest): Promise<void> => {
    if (isLocalRequest(req)) return;
    const token = req.cookies[opts.sessionCookie];
    const session = req.session ?? (token ? await resolveSession(opts.db, opts.policy, token) : undefined);
    if (session?.staffUserId && session.appRole === 'admin') {
      const user = await findStaffStanding(opts.db, session.staffUserId);
      if (user?.isGlobalAdmin && user.active && !user.locked) return;
    }
    throw new AppError(403, { detail: 'the demo inbox is for this machine or a global admin' });
  };
}
