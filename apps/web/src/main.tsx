import './styles/global.css';
import { preloadOpeningPage } from './areas/patient/page-loaders';

/**
 * The entry, small on purpose. It starts loading the code of the page the browser opens on at once, beside the app's
 * scripts (index.html preloads those: scripts/vite-preload-route.ts), rather than after them. Then it lets the browser
 * paint the frame in index.html (header bar and spinner) before the app is evaluated, which takes a phone a few
 * hundred milliseconds, and starts the app. A hidden tab paints no frames: the timer starts the app there.
 */
preloadOpeningPage(location.pathname);
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve));
  setTimeout(resolve, 100);
});
await import('./app-start');
