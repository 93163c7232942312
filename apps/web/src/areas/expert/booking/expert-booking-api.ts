import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { BOOKING_RULES, ZAppointmentDetail, ZAppointmentPage, ZBreak, ZExpertSchedule, type BreakInput } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import type { BookingFilters } from './booking-helpers';

/** The list size of all bookings and the history. */
export const EXPERT_PAGE_SIZE = 20;

export const expertBookingKeys = {
  all: ['expert', 'booking'] as const,
  schedule: (date: string, days: number) => ['expert', 'booking', 'schedule', date, days] as const,
  bookings: (filters: BookingFilters) => ['expert', 'booking', 'list', filters] as const,
  history: (page: number, patient: string) => ['expert', 'booking', 'history', page, patient] as const,
  appointment: (id: string) => ['expert', 'booking', 'appointment', id] as const,
};

/**
 * `GET /api/expert/schedule?date=&days=`: the expert's appointments, open slots and breaks of one day (the list and
 * day views) or of the seven days from a Monday (the week view), refetched every 5 s (spec §4) while the page is
 * open; what is shown stays on screen while another range loads.
 */
export function useExpertSchedule(date: string, days: 1 | 7 = 1) {
  return useQuery({
    queryKey: expertBookingKeys.schedule(date, days),
    queryFn: () => api(`/api/expert/schedule?date=${encodeURIComponent(date)}&days=${days}`, ZExpertSchedule),
    refetchInterval: BOOKING_RULES.refreshMs,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/expert/bookings`: the expert's bookings in a date range, optionally of one status or with open times, a page at a time. */
export function useExpertBookings(filters: BookingFilters) {
  const q = new URLSearchParams({ page: String(filters.page), pageSize: String(EXPERT_PAGE_SIZE) });
  if (filters.from) q.set('from', filters.from);
  if (filters.to) q.set('to', filters.to);
  if (filters.status) q.set('status', filters.status);
  if (filters.openTimes) q.set('openTimes', filters.openTimes);
  return useQuery({
    queryKey: expertBookingKeys.bookings(filters),
    queryFn: () => api(`/api/expert/bookings?${q.toString()}`, ZAppointmentPage),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/expert/appointment-history`: the expert's ended appointments, newest first; `patient` a name or identity code. */
export function useAppointmentHistory(page: number, patient = '') {
  const q = new URLSearchParams({ page: String(page), pageSize: String(EXPERT_PAGE_SIZE) });
  if (patient) q.set('patient', patient);
  return useQuery({
    queryKey: expertBookingKeys.history(page, patient),
    queryFn: () => api(`/api/expert/appointment-history?${q.toString()}`, ZAppointmentPage),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/expert/appointments/:id`: participants and the pre-questionnaire answers. */
export function useExpertAppointment(id: string | undefined) {
  return useQuery({
    enabled: Boolean(id),
    queryKey: expertBookingKeys.appointment(id ?? ''),
    queryFn: () => api(`/api/expert/appointments/${encodeURIComponent(id ?? '')}`, ZAppointmentDetail),
    retry: false,
  });
}

/** `POST /api/expert/breaks`: 422 when a reserved appointment overlaps; open slots under the break are removed. */
export function useAddBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BreakInput) => api('/api/expert/breaks', ZBreak, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expertBookingKeys.all }),
  });
}

/** `DELETE /api/expert/breaks/:id`. */
export function useDeleteBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/expert/breaks/${encodeURIComponent(id)}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expertBookingKeys.all }),
  });
}

/** `POST /api/expert/appointments/:id/no-show`: the patient of a started appointment did not come. */
export function useMarkNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/expert/appointments/${encodeURIComponent(id)}/no-show`, ZAppointmentDetail, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expertBookingKeys.all }),
  });
}
