import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZAdminOrganisation, ZCity, ZCountry, ZOrganisationSaved, ZServiceIconList } from '@prsp/contracts';
import { api, apiForm } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

export const organisationKeys = {
  one: (id: string) => ['admin', 'organisation', id] as const,
  icons: ['admin', 'icons'] as const,
};

export function useAdminOrganisation(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.one(id ?? ''),
    queryFn: () => api(`/api/admin/organisation/get/${encodeURIComponent(id!)}`, ZAdminOrganisation),
    enabled: Boolean(id),
  });
}

/** Update (with `id` in the form) or create: multipart, spec §3. */
export function useSaveOrganisation(mode: 'create' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiForm(`/api/admin/organisation/${mode}`, ZOrganisationSaved, form),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: organisationKeys.one(saved.id) });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'admin'] });
    },
  });
}

export function useServiceIcons() {
  return useQuery({ queryKey: organisationKeys.icons, queryFn: () => api('/api/admin/icon/list', ZServiceIconList), staleTime: Infinity });
}

export function useCountries() {
  return useQuery({ queryKey: ['lists', 'countries'], queryFn: () => api('/api/list/countries', z.array(ZCountry)), staleTime: Infinity });
}

/** Municipalities for the service area, named in the interface language. */
export function useMunicipalities() {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['lists', 'cities', lang],
    queryFn: () => api(`/api/list/cities/${lang}`, z.array(ZCity)),
    staleTime: Infinity,
  });
}
