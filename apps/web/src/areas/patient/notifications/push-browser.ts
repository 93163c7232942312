/**
 * The browser's side of web push: whether it can, this browser's subscription, and consent. The permission prompt
 * is only ever asked from a click (browsers block prompts that come unasked, and users rightly dislike them).
 */

/** Why turning notifications on did not work: the user (or the browser's settings) said no, or the browser failed. */
export class PushSetupError extends Error {
  constructor(readonly reason: 'denied' | 'failed') {
    super(reason);
  }
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The applicationServerKey as pushManager wants it: the raw bytes of the base64url key. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The service worker that receives pushes (registered at start in production builds; registered here otherwise). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/** This browser's subscription's endpoint, or null when it has none. */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription())?.endpoint ?? null;
}

/** How long a browser may take to reach its push service before we say it failed (some never answer). */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Asks for permission (call from a click only) and subscribes this browser with the server's key. */
export async function subscribeBrowser(publicKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  try {
    const reg = await registration();
    await withTimeout(navigator.serviceWorker.ready, SUBSCRIBE_TIMEOUT_MS);
    const sub = await withTimeout(
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
      SUBSCRIBE_TIMEOUT_MS,
    );
    const json = sub.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('subscription without keys');
    return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
  } catch {
    throw new PushSetupError('failed');
  }
}

/** Ends this browser's subscription; returns its endpoint so the server can forget it too. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return sub.endpoint;
}
