import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAccessLogPage } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

export const ACCESS_LOG_PAGE_SIZE = 10;

/** A page of who has used the patient's data (`GET /api/patient/access-log`), its words in the page's language. */
export function useAccessLog(page: number) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['patient', 'accessLog', page, lang],
    queryFn: () => api(`/api/patient/access-log?page=${page}&pageSize=${ACCESS_LOG_PAGE_SIZE}&lang=${lang}`, ZAccessLogPage),
    placeholderData: keepPreviousData,
  });
}
