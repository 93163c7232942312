import { safeEqual, sha256 } from '../crypto/tokens';

/** METRICS_TOKEN, and whether the service runs in production. */
export type ScrapeRule = { token: string | undefined; production: boolean };

/** What of a request decides a scrape: its Authorization header, and whether it was made on this machine. */
export type Scrape = { authorization: string | undefined; local: boolean };

/**
 * Who may read `/metrics` (docs/operations.md). With METRICS_TOKEN set: only a request carrying it as a bearer token,
 * from wherever it comes. Without one: nobody in production; outside production, requests made on this machine (the
 * socket's peer is loopback and no proxy forwarded it), so a developer's Prometheus or `curl` needs no setup. The
 * token is compared as SHA-256 digests in constant time: neither where it differs nor its length leaks.
 */
export function mayScrape(rule: ScrapeRule, scrape: Scrape): boolean {
  if (rule.token === undefined) return !rule.production && scrape.local;
  const given = scrape.authorization?.match(/^bearer +(\S+) *$/i)?.[1];
  return given !== undefined && safeEqual(sha256(given), sha256(rule.token));
}
