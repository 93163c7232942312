import type { FastifyRequest, RouteOptions } from 'fastify';

/**
 * The path as the router sees it: without the query and percent-decoded. The raw `req.url` may spell
 * `/api/` as `/%61pi/`, which the router still matches to an `/api` route.
 */
export function decodedPath(req: FastifyRequest): string {
  const raw = req.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether the request is for the API: its matched route or its decoded path is under `/api/`. */
export function isApiRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  return (route !== undefined && route.startsWith('/api/')) || decodedPath(req).startsWith('/api/');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request's method only reads (GET, HEAD, OPTIONS): every other one may change state. */
export function isSafeMethod(req: FastifyRequest): boolean {
  return SAFE_METHODS.has(req.method);
}

/**
 * Whether a route takes a method that may change state (any but GET, HEAD and OPTIONS): hooks that only matter
 * after a write are added to such routes alone, so the reads (most requests) do not run them.
 */
export function mayWrite(route: Pick<RouteOptions, 'method'>): boolean {
  return (Array.isArray(route.method) ? route.method : [route.method]).some((m) => !SAFE_METHODS.has(m.toUpperCase()));
}
