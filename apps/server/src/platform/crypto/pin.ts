import { randomInt } from 'node:crypto';
import { GUEST_LIMITS } from '@prsp/contracts';

/**
 * A guest's PIN (spec §9: 6 digits): drawn uniformly from 000000–999999 with the CSPRNG, leading zeros kept. The
 * clear PIN exists only in the invitation (e-mail and SMS outbox rows) and in memory while it is written there; the
 * participant row holds its argon2id hash. It is never logged.
 */
export function generatePin(): string {
  return randomInt(0, 10 ** GUEST_LIMITS.pinLength)
    .toString()
    .padStart(GUEST_LIMITS.pinLength, '0');
}
