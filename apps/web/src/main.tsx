import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { ApiError, setExpiryNavigation } from './lib/api-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // A refused or expired answer will not change on retry.
    queries: { retry: (count, err) => !(err instanceof ApiError && err.statusCode < 500) && count < 2 },
  },
});

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
