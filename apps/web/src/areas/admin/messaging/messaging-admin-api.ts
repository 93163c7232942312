import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ZCategory, ZExpertSearchResult, ZMessagingExpert, ZSubcategory, type CategoryInput, type SubcategoryInput } from '@prsp/contracts';
import { api } from '@/lib/api-client';

/** The admin side of async messaging (/work/notes/messaging-api.md 'Admin'). */
const BASE = '/api/admin/async-messaging';
const CATEGORIES_KEY = ['admin', 'messaging', 'categories'] as const;
const EXPERTS_KEY = ['admin', 'messaging', 'experts'] as const;

/** Every category with its subcategories, disabled ones too. */
export function useMessageCategories() {
  return useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: () => api(`${BASE}/categories?includeSubcategories=true`, z.array(ZCategory)),
  });
}

export function useSubcategory(id: string | undefined) {
  return useQuery({
    queryKey: [...CATEGORIES_KEY, 'subcategory', id],
    queryFn: () => api(`${BASE}/subcategories/${id}`, ZSubcategory),
    enabled: Boolean(id),
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CategoryInput }) =>
      api(id ? `${BASE}/categories/${id}/update` : `${BASE}/categories/create`, ZCategory, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}

/** Create (`categoryId`) or update (`id`) a subcategory. */
export function useSaveSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: SubcategoryInput } | { categoryId: string; body: SubcategoryInput }) =>
      api('id' in input ? `${BASE}/subcategories/${input.id}/update` : `${BASE}/subcategories/${input.categoryId}/create`, ZSubcategory, {
        method: 'POST',
        body: input.body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}

/** Every expert of the organisation, with whether they handle messages. */
export function useMessagingExperts(searchQuery = '') {
  const q = new URLSearchParams();
  if (searchQuery.trim()) q.set('searchQuery', searchQuery.trim());
  return useQuery({
    queryKey: [...EXPERTS_KEY, searchQuery.trim()],
    queryFn: () => api(`${BASE}/experts/list${q.size > 0 ? `?${q.toString()}` : ''}`, ZExpertSearchResult),
    placeholderData: keepPreviousData,
  });
}

export function useSetHandlesMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ expertId, handlesMessages }: { expertId: string; handlesMessages: boolean }) =>
      api(`${BASE}/experts/${expertId}/update`, ZMessagingExpert, { method: 'POST', body: { handlesMessages } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPERTS_KEY }),
  });
}
