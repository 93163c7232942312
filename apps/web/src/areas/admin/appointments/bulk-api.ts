import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBulkPreview, ZBulkResult, type BulkApplyRequest, type BulkPreviewRequest } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { BOOKINGS_KEY } from './bookings-api';

const BASE = '/api/admin/bookings/bulk';

/** What a bulk action would do to each selected row (changes nothing). */
export function usePreviewBulk() {
  return useMutation({ mutationFn: (body: BulkPreviewRequest) => api(`${BASE}/preview`, ZBulkPreview, { method: 'POST', body }) });
}

/** Carries out the previewed plan; every booking list is read again afterwards. */
export function useApplyBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkApplyRequest) => api(`${BASE}/apply`, ZBulkResult, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}
