import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZGlobalUser,
  ZGlobalUserPage,
  ZOrganisationUser,
  ZOrganisationUserPage,
  type GlobalUserCreate,
  type GlobalUserUpdate,
  type Language,
  type OrganisationUserCreate,
  type OrganisationUserUpdate,
} from '@prsp/contracts';
import { api } from '@/lib/api-client';

export type UserScope = 'organisation' | 'global';
export type UserAction = 'reset-password' | 'lock' | 'unlock' | 'logout' | 'delete';

/** The two user lists of spec §6 live under their own bases and answer the same way. */
export function usersBase(scope: UserScope): string {
  return scope === 'global' ? '/api/admin/global-users' : '/api/admin/users';
}

export const userKeys = { list: (scope: UserScope) => ['admin', 'users', scope] as const };

function listQuery(search: string, page: number, pageSize: number): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) q.set('search', search.trim());
  return q.toString();
}

export function useOrganisationUsers(search: string, page: number, enabled: boolean, pageSize = 20) {
  return useQuery({
    enabled,
    queryKey: [...userKeys.list('organisation'), search, page, pageSize],
    queryFn: () => api(`/api/admin/users/list?${listQuery(search, page, pageSize)}`, ZOrganisationUserPage),
    placeholderData: keepPreviousData,
  });
}

export function useGlobalUsers(search: string, page: number, enabled: boolean, pageSize = 20) {
  return useQuery({
    enabled,
    queryKey: [...userKeys.list('global'), search, page, pageSize],
    queryFn: () => api(`/api/admin/global-users/list?${listQuery(search, page, pageSize)}`, ZGlobalUserPage),
    placeholderData: keepPreviousData,
  });
}

export function useSaveOrganisationUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: OrganisationUserCreate | OrganisationUserUpdate }) =>
      api(id ? `/api/admin/users/${id}/update` : '/api/admin/users/create', ZOrganisationUser, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useSaveGlobalUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: GlobalUserCreate | GlobalUserUpdate }) =>
      api(id ? `/api/admin/global-users/${id}/update` : '/api/admin/global-users/create', ZGlobalUser, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

/** Reset password, lock, unlock, log out, delete: spec §6 'Admin actions on users'. */
export function useUserAction(scope: UserScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      action === 'delete'
        ? api(`${usersBase(scope)}/${id}`, z.null(), { method: 'DELETE' })
        : api(`${usersBase(scope)}/${id}/${action}`, z.null(), { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The action log CSV of one user, in the admin's language: a plain download link (the session cookie goes with it). */
export function actionLogUrl(scope: UserScope, id: string, lang: Language): string {
  return `${usersBase(scope)}/${id}/action-log?lang=${lang}`;
}
