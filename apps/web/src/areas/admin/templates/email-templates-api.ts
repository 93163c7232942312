import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZEmailPreview,
  ZEmailTemplateList,
  type EmailTemplateInput,
  type EmailTemplatePreviewRequest,
  type Language,
} from '@prsp/contracts';
import { api } from '@/lib/api-client';

const BASE = '/api/admin/organisation/email-templates';

export function useEmailTemplates() {
  return useQuery({ queryKey: ['admin', 'emailTemplates'], queryFn: () => api(BASE, ZEmailTemplateList) });
}

export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: EmailTemplateInput) => api(BASE, z.unknown(), { method: 'POST', body: { template } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'emailTemplates'] }),
  });
}

/** Spec §4: back to the default; cannot be undone. */
export function useResetEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, language }: { id: string; language: Language }) =>
      api(`${BASE}/${id}`, z.unknown(), { method: 'DELETE', body: { language } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'emailTemplates'] }),
  });
}

/** The live preview, filled with sample values; `request` changes at most a few times a second (debounced). */
export function useEmailPreview(request: EmailTemplatePreviewRequest | undefined) {
  return useQuery({
    queryKey: ['admin', 'emailPreview', request],
    queryFn: () => api(`${BASE}/preview`, ZEmailPreview, { method: 'POST', body: request }),
    enabled: request !== undefined,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
}
