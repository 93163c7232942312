import { z } from 'zod/mini';
import { zText } from './text';

/**
 * Web push (docs/notifications.md 'Web push'): a browser's subscription (the W3C Push API's `PushSubscription.toJSON()`)
 * and the events a patient may have pushed. Payloads name no health data: a generic text and a link.
 */
export const PUSH_EVENTS = ['newMessage', 'queueTurn', 'appointmentSoon'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

/** The longest endpoint URL accepted; real push services' are a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** base64url without padding, as the Push API gives keys. */
const zBase64Url = (min: number, max: number) => zText().check(z.regex(/^[A-Za-z0-9_-]+$/, 'invalid'), z.minLength(min), z.maxLength(max));

const zEndpoint = zText().check(
  z.maxLength(PUSH_ENDPOINT_MAX_LENGTH, 'tooLong'),
  z.refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === '';
    } catch {
      return false;
    }
  }, 'invalid'),
);

/** `GET /api/push/public-key`: the server's VAPID public key (the `applicationServerKey`), or null when push is off. */
export const ZPushPublicKey = z.object({ publicKey: z.nullable(z.string()) });
export type PushPublicKey = z.infer<typeof ZPushPublicKey>;

/** `POST /api/push/subscriptions`: what `PushSubscription.toJSON()` gives (P-256 key: 65 bytes; auth: 16 bytes). */
export const ZPushSubscribe = z.object({
  endpoint: zEndpoint,
  keys: z.object({ p256dh: zBase64Url(86, 88), auth: zBase64Url(22, 24) }),
});
export type PushSubscribe = z.infer<typeof ZPushSubscribe>;

/** `DELETE /api/push/subscriptions`: withdraws this browser's subscription (by its endpoint). */
export const ZPushUnsubscribe = z.object({ endpoint: zEndpoint });
export type PushUnsubscribe = z.infer<typeof ZPushUnsubscribe>;

/** `GET|PUT /api/push/settings`: which events the patient wants pushed; `subscriptions` counts their devices. */
export const ZPushSettingsUpdate = z.object({ newMessage: z.boolean(), queueTurn: z.boolean(), appointmentSoon: z.boolean() });
export type PushSettingsUpdate = z.infer<typeof ZPushSettingsUpdate>;

export const ZPushSettings = z.object({ ...ZPushSettingsUpdate.shape, subscriptions: z.number() });
export type PushSettings = z.infer<typeof ZPushSettings>;

/** What the service worker receives in a push (JSON, encrypted for the browser): shown as the notification. */
export const ZPushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof ZPushPayload>;
