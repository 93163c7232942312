import { useQuery } from '@tanstack/react-query';
import { ZExpertOrganisation } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/expert/organisation`: the expert's organisation, its flags and theme. */
export function useExpertOrganisation(enabled: boolean) {
  return useQuery({ queryKey: ['expert', 'organisation'], queryFn: () => api('/api/expert/organisation', ZExpertOrganisation), enabled });
}
