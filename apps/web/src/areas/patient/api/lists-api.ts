import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZCity, ZCountry, ZNationality, type City, type Language } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** Spec §7: when the cities list cannot be loaded, these three are offered. */
export const FALLBACK_CITIES: City[] = [
  { id: '091', name: 'Helsinki', cityName: { fi: 'Helsinki', se: 'Helsingfors', en: 'Helsinki' } },
  { id: '853', name: 'Turku', cityName: { fi: 'Turku', se: 'Åbo', en: 'Turku' } },
  { id: '049', name: 'Espoo', cityName: { fi: 'Espoo', se: 'Esbo', en: 'Espoo' } },
];

export function useCities(lang: Language) {
  return useQuery({
    queryKey: ['lists', 'cities', lang],
    queryFn: () => api(`/api/list/cities/${lang}`, z.array(ZCity)).catch(() => FALLBACK_CITIES),
    staleTime: Infinity,
  });
}

export function useCountries() {
  return useQuery({ queryKey: ['lists', 'countries'], queryFn: () => api('/api/list/countries', z.array(ZCountry)), staleTime: Infinity });
}

export function useNationalities() {
  return useQuery({
    queryKey: ['lists', 'nationalities'],
    queryFn: () => api('/api/list/nationalities', z.array(ZNationality)),
    staleTime: Infinity,
  });
}
