import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The app's one query cache: app-start.tsx provides it, and an area may fill it before its first render. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // A refused or expired answer will not change on retry.
    queries: { retry: (count, err) => !(err instanceof ApiError && err.statusCode < 500) && count < 2 },
  },
});
