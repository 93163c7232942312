import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  EXPERT_SURVEYS_REFRESH_MS,
  ZExpertSurveyItem,
  ZExpertSurveySent,
  ZSurveyExperts,
  ZSurveyForwarded,
  ZSurveyReminded,
  ZSurveyTemplateListItem,
  type ExpertSurveySend,
  type SurveyForward,
} from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { surveysSearch, type SurveysFilter } from './surveys-view';

const BASE = '/api/survey-expert';

export const expertSurveyKeys = {
  all: ['expert', 'surveys'] as const,
  list: (filter: SurveysFilter) => ['expert', 'surveys', 'list', filter] as const,
  experts: ['expert', 'surveys', 'experts'] as const,
  templates: ['expert', 'surveys', 'templates'] as const,
};

/** `GET surveys` with the view's filter, refreshed every 5 s (spec §9) while the page shows it. */
export function useExpertSurveys(filter: SurveysFilter, enabled = true) {
  return useQuery({
    queryKey: expertSurveyKeys.list(filter),
    queryFn: () => api(`${BASE}/surveys?${surveysSearch(filter)}`, z.array(ZExpertSurveyItem)),
    refetchInterval: EXPERT_SURVEYS_REFRESH_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET experts`: the colleagues answers may be forwarded to. */
export function useSurveyExperts(enabled: boolean) {
  return useQuery({ queryKey: expertSurveyKeys.experts, queryFn: () => api(`${BASE}/experts`, ZSurveyExperts), enabled });
}

/** `GET templates` (the templates module's route): the organisation's templates in use. */
export function useExpertTemplates() {
  return useQuery({ queryKey: expertSurveyKeys.templates, queryFn: () => api(`${BASE}/templates`, z.array(ZSurveyTemplateListItem)) });
}

function useListsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: expertSurveyKeys.all });
}

export function useForwardSurvey() {
  const refresh = useListsRefresh();
  return useMutation({
    mutationFn: (body: SurveyForward) => api(`${BASE}/forward`, ZSurveyForwarded, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useRemindPatient() {
  const refresh = useListsRefresh();
  return useMutation({
    mutationFn: (responseId: string) => api(`${BASE}/reminder`, ZSurveyReminded, { method: 'POST', body: { responseId } }),
    onSettled: refresh,
  });
}

export function useSendSurvey() {
  const refresh = useListsRefresh();
  return useMutation({
    mutationFn: (body: ExpertSurveySend) => api(`${BASE}/send`, ZExpertSurveySent, { method: 'POST', body }),
    onSuccess: refresh,
  });
}
