import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { resolveSession, type SessionPolicy } from '../../platform/session/sessions.service';

/** Headers a reverse proxy adds: a request that carries one came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/**
 * Whether the request was made on this machine: the socket's peer is loopback (not `req.ip`, which with
 * TRUST_PROXY names whatever the client claims) and no proxy forwarded it from another machine.
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && !FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
}

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
      const [user] = await opts.db
        .select({ isGlobalAdmin: staffUsers.isGlobalAdmin, active: staffUsers.active, locked: staffUsers.locked })
        .from(staffUsers)
        .where(eq(staffUsers.id, session.staffUserId))
        .limit(1);
      if (user?.isGlobalAdmin && user.active && !user.locked) return;
    }
    throw new AppError(403, { detail: 'the demo inbox is for this machine or a global admin' });
  };
}
