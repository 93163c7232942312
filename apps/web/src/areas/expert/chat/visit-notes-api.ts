import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZVisitNote, type Language } from '@prsp/contracts';
import { api } from '@/lib/api-client';

const visitPath = (channelId: string) => `/api/expert/chat/channels/${encodeURIComponent(channelId)}`;
const noteKey = (channelId: string) => ['expert', 'visitNote', channelId] as const;

/** `GET /api/expert/chat/channels/{id}/note`: the expert's own note of the visit (404 for a visit they did not serve). */
export function useVisitNote(channelId: string) {
  return useQuery({ queryKey: noteKey(channelId), queryFn: () => api(`${visitPath(channelId)}/note`, ZVisitNote), retry: false });
}

/** `PUT /api/expert/chat/channels/{id}/note`: saves the whole note; an empty one deletes it. */
export function useSaveVisitNote(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api(`${visitPath(channelId)}/note`, ZVisitNote, { method: 'PUT', body: { text } }),
    onSuccess: (note) => queryClient.setQueryData(noteKey(channelId), note),
  });
}

/** Where the visit's summary is: `.pdf` to download, `.txt` to copy; the whole identity code only when asked for. */
export function visitSummaryUrl(channelId: string, format: 'pdf' | 'txt', opts: { fullIdentityCode: boolean; lang: Language }): string {
  const q = new URLSearchParams({ lang: opts.lang });
  if (opts.fullIdentityCode) q.set('identityCode', 'full');
  return `${visitPath(channelId)}/summary.${format}?${q.toString()}`;
}

/** The summary as plain text (a file answer, not the JSON envelope); throws when the server refuses. */
export async function fetchVisitSummaryText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/plain' } });
  if (!response.ok) throw new Error(`summary ${response.status}`);
  return response.text();
}
