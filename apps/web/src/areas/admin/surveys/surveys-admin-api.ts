import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZSurveyTemplate, ZSurveyTemplateListItem, type SurveyTemplateInput } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** The admin's survey templates (docs/surveys.md 'Templates and the builder'). */
const BASE = '/api/survey-admin';
const KEY = ['admin', 'surveyTemplates'] as const;

/** `all`: archived ones too (and every global one for a global admin); otherwise what the organisation may use now. */
export function useSurveyTemplates(all = false) {
  return useQuery({
    queryKey: [...KEY, all ? 'all' : 'usable'],
    queryFn: () => api(`${BASE}/${all ? 'templates-all' : 'templates'}`, z.array(ZSurveyTemplateListItem)),
  });
}

export function useSurveyTemplate(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api(`${BASE}/templates/${id}`, ZSurveyTemplate),
    enabled: Boolean(id),
  });
}

export function useSaveSurveyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SurveyTemplateInput }) =>
      api(id ? `${BASE}/templates/${id}/update` : `${BASE}/templates/create`, ZSurveyTemplate, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useArchiveSurveyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      api(`${BASE}/templates/${id}/${archive ? 'archive' : 'restore'}`, ZSurveyTemplate, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
