import { useQuery } from '@tanstack/react-query';
import { ZStatistics, type StatisticsQuery } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** The organisation's statistics for a period of Helsinki calendar days and the filters chosen (issue 32). */
export function useStatistics(query: StatisticsQuery) {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return useQuery({
    queryKey: ['admin', 'statistics', params.toString()],
    queryFn: () => api(`/api/admin/statistics?${params.toString()}`, ZStatistics),
  });
}
