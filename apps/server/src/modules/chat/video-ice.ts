import { createHmac } from 'node:crypto';
import type { IceServer } from '@prsp/contracts';

export type IceConfig = {
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's `static-auth-secret` (`use-auth-secret`). */
  turnSecret: string;
  turnTtlSeconds: number;
  icePolicy: 'all' | 'relay';
};

/**
 * TURN credentials in coturn's REST API scheme (`use-auth-secret`, draft-uberti-behave-turn-rest): the username is
 * `<expiry as Unix seconds>:<user id>`, the password base64(HMAC-SHA1(static-auth-secret, username)). coturn
 * recomputes the password from the username and refuses it once the expiry has passed: nothing is stored anywhere.
 */
export function turnCredentials(secret: string, userId: string, expiresAtUnix: number): { username: string; credential: string } {
  // The user id is ours (a UUID): no ':' in it, so coturn reads the timestamp as the part before the first one.
  const username = `${Math.floor(expiresAtUnix)}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers one participant is given: STUN as configured, TURN with credentials minted for them now. */
export function iceServersFor(
  config: IceConfig,
  userId: string,
  now = new Date(),
): { iceServers: IceServer[]; iceTransportPolicy: 'all' | 'relay' } {
  const iceServers: IceServer[] = [];
  if (config.stunUrls.length > 0) iceServers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0) {
    const expires = Math.floor(now.getTime() / 1000) + config.turnTtlSeconds;
    iceServers.push({ urls: config.turnUrls, ...turnCredentials(config.turnSecret, userId, expires) });
  }
  return { iceServers, iceTransportPolicy: config.icePolicy };
}
