import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCalendarWeek, ZMoveResult, type MoveInput } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { BOOKINGS_KEY } from './bookings-api';

const BASE = '/api/admin/bookings';

/** What the calendar shows: `from` for `days` days, of one expert or one service (`show` is `expert:<id>` or `service:<id>`). */
export function useCalendarWeek(from: string, days: number, show: string) {
  const [by, id] = show.split(':');
  const params = new URLSearchParams({ from, days: String(days) });
  if (by === 'expert' && id) params.set('expertId', id);
  if (by === 'service' && id) params.set('serviceId', id);
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'calendar', params.toString()],
    queryFn: () => api(`${BASE}/calendar?${params.toString()}`, ZCalendarWeek),
    placeholderData: keepPreviousData,
    enabled: Boolean(id),
  });
}

/** Moves a reserved appointment (a drag or the Move dialog); every booking query reads again after it. */
export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveInput }) => api(`${BASE}/${id}/move`, ZMoveResult, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}
