import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZSpecialization } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** Every specialization with its names (`GET /api/list/specializations`, public), fetched once. */
export function useSpecializations() {
  return useQuery({
    queryKey: ['lists', 'specializations'],
    queryFn: () => api('/api/list/specializations', z.array(ZSpecialization)),
    staleTime: Infinity,
  });
}

/**
 * Specializations as a person reads them, in the shown language ('sairaanhoitaja, lääkäri'), never their ids ('nurse');
 * until the names arrive, nothing rather than an id.
 */
export function useSpecializationNames(): (ids: readonly string[]) => string {
  const list = useSpecializations();
  const lang = currentLanguage();
  const names = new Map((list.data ?? []).map((s) => [s.id, s.name[lang]]));
  return (ids) =>
    ids
      .map((id) => names.get(id))
      .filter(Boolean)
      .join(', ');
}
