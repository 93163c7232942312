import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { ZPasswordTokenStatus, ZStaffUserData, type AppRole, type Language, type StaffUserData } from '@prsp/contracts';
import { api, ApiError } from '@/lib/api-client';
import { setAuthenticated, useAuthenticated } from '@/lib/auth-state';

/** Answers of the sign-in routes carry nothing the app needs; any ok answer will do. */
const ZAnything = z.unknown();

/**
 * The signed-in member of staff for one app, or null. Spec §4: a user-data check counts as signed in
 * only when the returned role equals the app's role; a 101 means 'not signed in', which is an answer.
 */
async function fetchStaffUser(role: AppRole): Promise<StaffUserData | null> {
  try {
    const user = await api('/api/sso/user_data', ZStaffUserData);
    const signedIn = user.role === role;
    setAuthenticated(signedIn);
    return signedIn ? user : null;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 101) {
      setAuthenticated(false);
      return null;
    }
    throw err;
  }
}

export const staffKeys = {
  userData: (role: AppRole) => ['staff', role, 'userData'] as const,
  all: (role: AppRole) => ['staff', role] as const,
};

/** The signed-in member of staff of this app (null when not signed in to it). */
export function useStaffUser(role: AppRole) {
  return useQuery({ queryKey: staffKeys.userData(role), queryFn: () => fetchStaffUser(role), staleTime: 60_000 });
}

/**
 * When the API client sees the session end (a 101 while signed in: spec §4 'Session expiry') it sends the
 * user to the login page; this forgets the cached user there, so the login page does not send them back.
 */
export function useForgetUserOnSessionEnd(role: AppRole): void {
  const authenticated = useAuthenticated();
  const queryClient = useQueryClient();
  const was = useRef(authenticated);
  useEffect(() => {
    if (was.current && !authenticated) {
      queryClient.setQueryData(staffKeys.userData(role), null);
      queryClient.removeQueries({ queryKey: [role] });
    }
    was.current = authenticated;
  }, [authenticated, queryClient, role]);
}

/** The stored default organisation of the admin app; a successful sign-in clears it (spec §4). */
export const DEFAULT_ORGANISATION_KEY = 'prsp.admin.defaultOrganisation';

export function readDefaultOrganisation(): string | null {
  try {
    return localStorage.getItem(DEFAULT_ORGANISATION_KEY);
  } catch {
    return null;
  }
}

export function storeDefaultOrganisation(id: string | null): void {
  try {
    if (id) localStorage.setItem(DEFAULT_ORGANISATION_KEY, id);
    else localStorage.removeItem(DEFAULT_ORGANISATION_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this session only.
  }
}

/** A language picked on the login page, before anyone is signed in: it becomes the user's choice at sign-in. */
let loginPageLanguage: Language | undefined;

export function chooseLoginPageLanguage(lang: Language): void {
  loginPageLanguage = lang;
}

export function useStaffLogin(role: AppRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; password: string }) =>
      api('/api/sso/login', ZAnything, { method: 'POST', body: { ...input, app_role: role } }),
    onSuccess: async () => {
      if (role === 'admin') storeDefaultOrganisation(null);
      // A language chosen on the login page is the user's new choice; without one, the one they chose before stays.
      const chosen = loginPageLanguage;
      loginPageLanguage = undefined;
      if (chosen) await sendClientParams(chosen).catch(() => undefined);
      queryClient.removeQueries({ queryKey: staffKeys.all(role) });
      const user = await queryClient.fetchQuery({ queryKey: staffKeys.userData(role), queryFn: () => fetchStaffUser(role) });
      // The server learns the time zone at once (spec §7 `/sso/client_params`).
      if (!chosen && user) void sendClientParams(user.language).catch(() => undefined);
    },
  });
}

/**
 * Ends the staff session and goes to the login page. The navigation lives in the hook, not in the caller's
 * `mutate` callbacks: the menu that called it unmounts as soon as the user is forgotten.
 */
export function useStaffLogout(role: AppRole) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('/api/sso/logout', ZAnything, { csrf: true }),
    onSettled: () => {
      setAuthenticated(false);
      queryClient.removeQueries({ queryKey: ['staff'] });
      queryClient.removeQueries({ queryKey: ['admin'] });
      queryClient.removeQueries({ queryKey: ['expert'] });
      queryClient.setQueryData(staffKeys.userData(role), null);
      void navigate(`/${role}/login?loggedOut=1`, { replace: true });
    },
  });
}

/** Chooses the organisation the admin works in; everything cached for the previous one is dropped. */
export function useSetOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisationId: string) =>
      api(`/api/sso/set_role/admin;${encodeURIComponent(organisationId)}`, ZAnything, { method: 'POST', body: {} }),
    onSuccess: async (_data, organisationId) => {
      storeDefaultOrganisation(organisationId);
      queryClient.removeQueries({ queryKey: ['admin'] });
      await queryClient.invalidateQueries({ queryKey: staffKeys.userData('admin') });
    },
  });
}

/** Tells the server the interface language and time zone (spec §7 `/sso/client_params`). */
export function sendClientParams(lang: Language): Promise<unknown> {
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return api('/api/sso/client_params', ZAnything, { method: 'POST', body: { lang, timezone } });
}

export function useForgotPassword(role: AppRole) {
  return useMutation({
    mutationFn: (email: string) => api('/api/sso/password/forgot', ZAnything, { method: 'POST', body: { email, app_role: role } }),
  });
}

/**
 * Whether an e-mailed password link can still be used, asked when its page opens (the link is not used up):
 * a used or expired link then says so at once (801) instead of after the form was filled in.
 */
export function usePasswordToken(token: string) {
  return useQuery({
    queryKey: ['staff', 'passwordToken', token],
    queryFn: () => api(`/api/sso/password-token/${encodeURIComponent(token)}`, ZPasswordTokenStatus),
    retry: false,
    staleTime: Infinity,
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; passwordAgain: string }) =>
      api('/api/sso/password/set', ZAnything, { method: 'POST', body: input }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; password: string; passwordAgain: string }) =>
      api('/api/sso/password/change', ZAnything, { method: 'POST', body: input }),
  });
}
