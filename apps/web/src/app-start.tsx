/** The app itself: started by main.tsx once the browser has painted the frame in index.html. */
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { setExpiryNavigation } from './lib/api-client';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

// The router's first navigation (it loads the area's code and matches the page) runs in a task of its own, not in the
// one that evaluated the scripts: neither then holds a phone's main thread for long (bench/README.md, blocking time).
await new Promise((resolve) => setTimeout(resolve));
const router = createAppRouter();

// A session that ended leaves nothing behind: what was cached about the user goes before the move,
// so no page judges the signed-out user by stale data (and bounces back).
setExpiryNavigation((to) => {
  queryClient.clear();
  void router.navigate(to, { replace: true });
});

// The offline page and web push (docs/notifications.md).
registerServiceWorker();

const root = createRoot(document.getElementById('root')!);
// As a transition the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole tree (a phone stays responsive while the app starts), and the shell in index.html stays on screen
// until the app has something to show.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
