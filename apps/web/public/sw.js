// The service worker (docs/notifications.md 'Web push'): an offline page, and the notifications of web push.
// Plain JavaScript served as is from the site root (`/sw.js`, scope `/`). It caches ONLY the offline page and
// its own static files, never an API answer or any page with personal data: every other request goes to the
// network untouched, as if there were no service worker.

/* global self, caches -- a service worker's globals */

const CACHE = 'prsp-offline-v1';
const OFFLINE_PAGE = '/offline.html';
/** Everything the offline page needs, and nothing else. */
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.css', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  // Where the browser has static routing (Chromium), API requests never reach this worker at all: they go straight
  // to the network, with no worker start-up in their way (a hold released with `keepalive` as the page closes, too).
  if (typeof event.addRoutes === 'function') {
    event.waitUntil(event.addRoutes({ condition: { urlPattern: '/api/*' }, source: 'network' }).catch(() => undefined));
  }
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Older versions' caches go; so would anything another version had put there.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Whether a request is for one of the offline page's own files (same origin, GET, an exact path). */
function isOfflineFile(request) {
  const url = new URL(request.url);
  return request.method === 'GET' && url.origin === self.location.origin && OFFLINE_FILES.includes(url.pathname);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode === 'navigate') {
    // Pages come from the network; only when it cannot be reached at all does the offline page show.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE, { cacheName: CACHE })));
    return;
  }
  if (isOfflineFile(request)) {
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
  }
  // Anything else (the API above all) is not touched: no respondWith, no cache.
});

/** The URL a notification opens: a path of this site only, whatever a payload says. */
function sameOriginUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  // The texts come in the user's language from the server; without them, the site's name is shown.
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Etävastaanotto';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sameOriginUrl(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      // The page itself if it is open; else a tab of the app, moved there; else a new window.
      const exact = windows.find((w) => w.url === target);
      if (exact) return exact.focus();
      const ours = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (ours) {
        const moved = await ours.navigate(target).catch(() => null);
        return (moved || ours).focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
