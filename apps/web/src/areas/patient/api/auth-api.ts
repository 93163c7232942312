import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAuthCheck, ZLogoutResult, ZUserInfo } from '@prsp/contracts';
import { api, ApiError } from '@/lib/api-client';
import { setAuthenticated } from '@/lib/auth-state';

/** How long the guards' session and onboarding answers count as fresh (a page's mount does not refetch them). */
export const GUARD_CHECK_FRESH_MS = 5_000;

/**
 * Whether the patient's session lives. A 101 here means 'not signed in', which is an answer, not an error.
 * Fresh for a few seconds, so a page that mounts right after its guard checked does not ask again; sign-in,
 * sign-out and an expiry the API client sees change it at once.
 */
export const authCheckQuery = queryOptions({
  queryKey: ['patient', 'auth'],
  staleTime: GUARD_CHECK_FRESH_MS,
  queryFn: async () => {
    try {
      await api('/api/auth/check', ZAuthCheck);
      setAuthenticated(true);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 101) return false;
      throw err;
    }
  },
});

export function useAuthCheck() {
  return useQuery(authCheckQuery);
}

export function useUserInfo() {
  return useQuery({ queryKey: ['patient', 'userInfo'], queryFn: () => api('/api/user/info', ZUserInfo) });
}

/**
 * Ends the session on the server and forgets everything cached about the user. The answer may name the identity
 * provider's end-session URL: the caller sends the browser there, so the identification ends too.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/logout', ZLogoutResult, { method: 'POST' }),
    onSettled: () => {
      setAuthenticated(false);
      queryClient.clear();
      // The pages still on screen learn at once that nobody is signed in.
      queryClient.setQueryData(['patient', 'auth'], false);
    },
  });
}
