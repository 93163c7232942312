import { randomBytes } from 'node:crypto';

/** Organisations' client ids: random, never reused, so a leaked list of slugs does not give them away. */
export function newClientId(): string {
  return `prsp-${randomBytes(8).toString('hex')}`;
}
