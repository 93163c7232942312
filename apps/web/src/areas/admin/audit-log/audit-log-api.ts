import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CSRF_COOKIE, CSRF_HEADER, HOST_COOKIE_PREFIX, ZAuditSearchOptions, ZAuditSearchPage, type AuditSearch } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';
import { currentLanguage } from '@/lib/i18n';

/** The staff and actions the search's selects offer (`GET /api/admin/audit-log/options`). */
export function useAuditOptions() {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['admin', 'auditLog', 'options', lang],
    queryFn: () => api(`/api/admin/audit-log/options?lang=${lang}`, ZAuditSearchOptions),
  });
}

/**
 * A page of the organisation's audit log for a search the admin made (`POST …/search`: the identity code goes in the
 * body, never in a URL); nothing until they search, since every patient a page names is a logged read.
 */
export function useAuditSearch(search: AuditSearch | null) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['admin', 'auditLog', 'search', search, lang],
    queryFn: () => api(`/api/admin/audit-log/search?lang=${lang}`, ZAuditSearchPage, { method: 'POST', body: search }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Downloads the same search as a CSV file (`POST …/export`), the file name as the server gives it. */
export async function downloadAuditCsv(search: AuditSearch): Promise<void> {
  const token = readCookie(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? readCookie(CSRF_COOKIE);
  const res = await fetch(`/api/admin/audit-log/export?lang=${currentLanguage()}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}) },
    body: JSON.stringify(search),
  });
  if (!res.ok) throw new Error(`audit log export answered ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit-log.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
