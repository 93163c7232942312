/**
 * Registers the service worker (`/sw.js`: the offline page and web push notifications; docs/notifications.md) once
 * the page has loaded, so it never competes with the first page's own downloads. Production builds only: in
 * development a worker would outlive code changes. A browser without service workers simply goes without.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
