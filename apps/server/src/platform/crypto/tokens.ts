import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 in hex: how tokens are stored, so a leaked table opens nothing. Every request with a session cookie hashes
 * it to find its session, so the one-shot `hash` (no Hash object, about 0.5 µs against 1.3 µs for createHash).
 */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
