import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

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
