import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZAppointmentDetail,
  ZAppointmentPage,
  ZAppointmentRow,
  ZBookableExpert,
  ZBookingService,
  ZBookingSettings,
  ZNationality,
  ZTimeslot,
  ZTimeslotPreview,
  ZTimeslotsOpened,
  type AppointmentInput,
  type BookingSettings,
  type TimeslotInput,
  type TimeslotPlan,
} from '@prsp/contracts';
import { api, ApiError } from '@/lib/api-client';
import { filterQuery, LIST_PAGE_SIZE, type BookingFilters } from './booking-filters';

const BASE = '/api/admin/bookings';
const KEY = ['admin', 'bookings'] as const;
/** Every booking query: what a change to one appointment reads again. */
export const BOOKINGS_KEY = KEY;

export function useBookings(filters: BookingFilters, page: number) {
  const query = filterQuery(filters, { page, pageSize: LIST_PAGE_SIZE });
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: () => api(`${BASE}/list?${query}`, ZAppointmentPage),
    placeholderData: keepPreviousData,
  });
}

export function useBookableExperts() {
  return useQuery({ queryKey: [...KEY, 'experts'], queryFn: () => api(`${BASE}/experts`, z.array(ZBookableExpert)) });
}

/** The open timeslots of a day (optionally one expert's) that can be booked now. */
export function useOpenTimeslots(date: string, expertId: string, enabled: boolean) {
  const params = new URLSearchParams({ date, ...(expertId ? { expertId } : {}) });
  return useQuery({
    queryKey: [...KEY, 'timeslots', params.toString()],
    queryFn: () => api(`${BASE}/timeslots?${params.toString()}`, z.array(ZTimeslot)),
    enabled,
  });
}

export function useAppointment(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api(`${BASE}/${id}`, ZAppointmentDetail),
    enabled: Boolean(id),
  });
}

/**
 * The organisation's services with the kind of open times each makes, to attach one to an appointment or a plan
 * (through the bookings routes, so a booker without the service settings right has them too).
 */
export function useServiceOptions() {
  const query = useQuery({
    queryKey: ['admin', 'services', 'bookings'],
    queryFn: () => api(`${BASE}/services`, z.array(ZBookingService)),
    retry: (count, err) => !(err instanceof ApiError && err.statusCode === 403) && count < 2,
  });
  return {
    services: query.data ?? [],
    available: query.isSuccess && query.data.length > 0,
    isError: query.isError,
  };
}

export function useNationalities() {
  return useQuery({
    queryKey: ['lists', 'nationalities'],
    queryFn: () => api('/api/list/nationalities', z.array(ZNationality)),
    staleTime: Infinity,
  });
}

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

export function useSaveAppointment() {
  return useInvalidating(({ id, body }: { id?: string; body: AppointmentInput }) =>
    api(id ? `${BASE}/${id}/update` : `${BASE}/create`, ZAppointmentDetail, { method: 'POST', body }),
  );
}

/** Cancels a reserved appointment that has not started, with the admin's reason if one was typed (it goes into the e-mails). */
export function useCancelAppointment() {
  return useInvalidating(({ id, reason }: { id: string; reason: string }) =>
    api(`${BASE}/${id}/cancel`, ZAppointmentDetail, { method: 'POST', body: reason ? { reason } : {} }),
  );
}

/** Marks that the patient of a started appointment did not come. */
export function useMarkNoShow() {
  return useInvalidating((id: string) => api(`${BASE}/${id}/no-show`, ZAppointmentDetail, { method: 'POST' }));
}

/** Removes an open or cancelled appointment (a reserved one is cancelled first). */
export function useDeleteAppointment() {
  return useInvalidating((id: string) => api(`${BASE}/${id}`, z.null(), { method: 'DELETE' }));
}

export function useUpdateTimeslot() {
  return useInvalidating(({ id, body }: { id: string; body: TimeslotInput }) =>
    api(`${BASE}/timeslots/${id}/update`, ZAppointmentRow, { method: 'POST', body }),
  );
}

export function useDeleteTimeslot() {
  return useInvalidating((id: string) => api(`${BASE}/timeslots/${id}`, z.null(), { method: 'DELETE' }));
}

export function usePreviewPlan() {
  return useMutation({
    mutationFn: (plan: TimeslotPlan) => api(`${BASE}/timeslots/preview`, ZTimeslotPreview, { method: 'POST', body: plan }),
  });
}

export function useOpenPlan() {
  return useInvalidating((plan: TimeslotPlan) => api(`${BASE}/timeslots/open`, ZTimeslotsOpened, { method: 'POST', body: plan }));
}

export function useBookingSettings() {
  return useQuery({ queryKey: [...KEY, 'settings'], queryFn: () => api(`${BASE}/settings`, ZBookingSettings) });
}

export function useSaveBookingSettings() {
  return useInvalidating((body: BookingSettings) => api(`${BASE}/settings`, ZBookingSettings, { method: 'POST', body }));
}
