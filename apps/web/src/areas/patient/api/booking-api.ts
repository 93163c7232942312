import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZBookingInfo,
  ZLockResult,
  ZNextFreeTime,
  ZOpenAppointment,
  ZPatientAppointment,
  ZRescheduleInfo,
  ZSpecialization,
  type QuestionnaireAnswer,
} from '@prsp/contracts';
import { api } from '@/lib/api-client';

const SERVICES_KEY = ['patient', 'services'] as const;
const OPEN_KEY = ['patient', 'booking', 'open'] as const;

/** `GET /api/list/specializations/existing`: the specializations some expert has (the booking search's choices). */
export function useExistingSpecializations() {
  return useQuery({
    queryKey: ['lists', 'specializations', 'existing'],
    queryFn: () => api('/api/list/specializations/existing', z.array(ZSpecialization)),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/services/booking-info`: the organisation's text above the book page. */
export function useBookingInfo() {
  return useQuery({ queryKey: ['patient', 'booking', 'info'], queryFn: () => api('/api/services/booking-info', ZBookingInfo) });
}

export type OpenSearch = { dayMs: number; specialization: string };

const openPath = (search: OpenSearch) => `/api/services/open/${search.dayMs}/${encodeURIComponent(search.specialization)}`;

/** `GET /api/services/open/{dateMs}/{specialization}`: the free times of one day (null: nothing searched yet). */
export function useOpenAppointments(search: OpenSearch | null) {
  return useQuery({
    queryKey: [...OPEN_KEY, search?.dayMs, search?.specialization],
    queryFn: () => api(openPath(search!), z.array(ZOpenAppointment)),
    enabled: search !== null,
  });
}

/** `GET /api/services/open/{dateMs}/{specialization}/next`: when the search's next free time after the day starts. */
export function useNextFreeTime(search: OpenSearch | null) {
  return useQuery({
    queryKey: [...OPEN_KEY, search?.dayMs, search?.specialization, 'next'],
    queryFn: () => api(`${openPath(search!)}/next`, ZNextFreeTime),
    enabled: search !== null,
  });
}

/** Asks the server again for a search's answers (the day's free times and the next one) that are on screen. */
export function useRefreshSearch() {
  const client = useQueryClient();
  return (search: OpenSearch) => client.invalidateQueries({ queryKey: [...OPEN_KEY, search.dayMs, search.specialization] });
}

/** `POST /api/services/lock/{uuid}`: holds the slot for `appointmentLockTime` minutes (422 taken, 423 past, 404 gone). */
export function useLockSlot() {
  return useMutation({
    mutationFn: (uuid: string) => api(`/api/services/lock/${encodeURIComponent(uuid)}`, ZLockResult, { method: 'POST' }),
  });
}

/** `POST /api/services/unlock/{uuid}`: gives a held slot back; failures are of no interest to the patient. */
export async function unlockSlot(uuid: string): Promise<void> {
  await api(`/api/services/unlock/${encodeURIComponent(uuid)}`, z.null(), { method: 'POST' }).catch(() => undefined);
}

/** The same unlock while the page goes away: a keepalive request outlives the page (sendBeacon cannot carry CSRF). */
export function unlockSlotOnUnload(uuid: string): void {
  void api(`/api/services/unlock/${encodeURIComponent(uuid)}`, z.null(), { method: 'POST', keepalive: true }).catch(() => undefined);
}

/** `POST /api/services/book/{id}`: confirms the held slot with the pre-questionnaire answers. */
export function useBookSlot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, questionnaireAnswers }: { id: string; questionnaireAnswers: QuestionnaireAnswer[] }) =>
      api(`/api/services/book/${encodeURIComponent(id)}`, ZPatientAppointment, { method: 'POST', body: { questionnaireAnswers } }),
    onSettled: () => client.invalidateQueries({ queryKey: SERVICES_KEY }),
  });
}

/**
 * `GET /api/services/reschedule/{uuid}`: the appointment the book page changes the time of, and the specialization it
 * searches by default (null: not changing a time). Refused like the change itself (404, 403, 422, 423).
 */
export function useRescheduleInfo(uuid: string | null) {
  return useQuery({
    queryKey: ['patient', 'booking', 'reschedule', uuid],
    queryFn: () => api(`/api/services/reschedule/${encodeURIComponent(uuid!)}`, ZRescheduleInfo),
    enabled: uuid !== null,
    retry: false,
  });
}

/**
 * `POST /api/services/reschedule/{uuid}`: moves the patient's appointment `uuid` into the held time `id`, with the
 * pre-questionnaire answers (the old ones, or what the patient changed them to). A refusal leaves the old time as it was.
 */
export function useRescheduleAppointment(uuid: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, questionnaireAnswers }: { id: string; questionnaireAnswers: QuestionnaireAnswer[] }) =>
      api(`/api/services/reschedule/${encodeURIComponent(uuid!)}`, ZPatientAppointment, {
        method: 'POST',
        // A time that asks no questions keeps the answers given at booking (the server keeps them when none come).
        body: questionnaireAnswers.length > 0 ? { timeslotId: id, questionnaireAnswers } : { timeslotId: id },
      }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: SERVICES_KEY }), client.invalidateQueries({ queryKey: OPEN_KEY })]),
  });
}

/**
 * `POST /api/services/cancel/{uuid}` with the patient's reason if one was typed (403 when less than 1440 minutes
 * before the start, or a group appointment).
 */
export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, reason }: { uuid: string; reason: string }) =>
      api(`/api/services/cancel/${encodeURIComponent(uuid)}`, z.null(), { method: 'POST', body: reason ? { reason } : {} }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: SERVICES_KEY }), client.invalidateQueries({ queryKey: OPEN_KEY })]),
  });
}
