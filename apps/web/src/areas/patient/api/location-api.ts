import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZLocationOptions, ZOrganisationsInfo } from '@prsp/contracts';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { patientKeys, refreshPatient } from './patient-api';

export function useLocationOptions() {
  return useQuery({ queryKey: ['patient', 'location'], queryFn: () => api('/api/location', ZLocationOptions) });
}

/** Spec §4 'Change location': on success the config is reloaded (a new area may mean a new organisation). */
export function useChangeLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (area: string) => api('/api/location', ZOrganisationsInfo, { method: 'POST', body: { area } }),
    onSuccess: () => refreshPatient(queryClient),
  });
}

/**
 * Spec §4 'Act on behalf', 'act as myself': ends acting on the server, reloads config and contact, goes to
 * the landing page. Spec §7: errors on clear are ignored.
 */
export function useActAsMyself() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('/api/on-behalf/clear', z.unknown(), { csrf: true }).catch(() => undefined),
    // Everything cached was about the person acted for. Forget it and move to the landing page in the
    // same tick: the guards wait for the fresh state instead of judging either page by the wrong person.
    onSettled: async () => {
      void queryClient.resetQueries({ queryKey: patientKeys.all });
      await navigate('/landing');
    },
  });
}

/** The other choice: a full-page navigation to the national mandate service (spec §7), in the current language. */
export function connectOnBehalf(): void {
  location.assign(`/api/on-behalf/set?lang=${currentLanguage()}`);
}
