import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAccessKey,
  ZGuestAppointmentData,
  ZGuestCompany,
  ZGuestResponse,
  ZPatientConfig,
  type GuestLoginRequest,
  type GuestResponse,
} from '@prsp/contracts';
import { api, ApiError } from '@/lib/api-client';
import { readGuestSession, saveGuestSession } from '@/lib/guest-session';

/** Spec §7 'Guest (bearer guest token)': every path names the appointment. */
const guestPath = (what: string, uuid: string) => `/api/guest/${what}/${encodeURIComponent(uuid)}`;

export const guestKeys = {
  all: ['guest'] as const,
  company: (uuid: string) => ['guest', 'company', uuid] as const,
  config: (code: string) => ['guest', 'config', code] as const,
  auth: (uuid: string) => ['guest', 'auth', uuid] as const,
  appointment: (uuid: string) => ['guest', 'appointment', uuid] as const,
};

/**
 * The organisation of the appointment (`GET /api/guest/company-for-appointment/{uuid}`), then its public config
 * (`GET /api/config/{code}`): the guest page and the guest's chat take its look and texts. Off without a uuid.
 */
export function useGuestOrganisation(uuid: string | undefined) {
  const company = useQuery({
    queryKey: guestKeys.company(uuid ?? ''),
    queryFn: () => api(guestPath('company-for-appointment', uuid!), ZGuestCompany),
    enabled: uuid !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  const code = company.data?.organization_code;
  const config = useQuery({
    queryKey: guestKeys.config(code ?? ''),
    queryFn: () => api(`/api/config/${encodeURIComponent(code!)}`, ZPatientConfig),
    enabled: code !== undefined,
    staleTime: 60_000,
  });
  return { company, config, failed: company.isError || config.isError };
}

/**
 * `GET /api/guest/checkAuth/{uuid}` with the stored token: whether the guest of this appointment is signed in.
 * No token, or a 101 (the API client then forgets the token), is 'not signed in', an answer rather than an error.
 */
export function useGuestAuth(uuid: string, hasToken: boolean) {
  return useQuery({
    queryKey: guestKeys.auth(uuid),
    queryFn: async (): Promise<GuestResponse | null> => {
      try {
        return await api(guestPath('checkAuth', uuid), ZGuestResponse);
      } catch (err) {
        if (err instanceof ApiError && err.statusCode === 101) return null;
        throw err;
      }
    },
    enabled: hasToken,
  });
}

/** `POST /api/guest/login/{uuid}`: on success the token is kept for this tab (spec §6 'Guest'). */
export function useGuestLogin(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestLoginRequest) => api(guestPath('login', uuid), ZGuestResponse, { method: 'POST', body }),
    onSuccess: (answer) => {
      saveGuestSession({ token: answer.token, appointmentId: uuid, name: answer.name, email: answer.email });
      queryClient.setQueryData(guestKeys.auth(uuid), answer);
    },
  });
}

/** `GET /api/guest/appointment-data/{uuid}`: the one appointment the guest may see. */
export function useGuestAppointment(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: guestKeys.appointment(uuid),
    queryFn: () => api(guestPath('appointment-data', uuid), ZGuestAppointmentData),
    enabled,
  });
}

/** `GET /api/guest/access-key/{uuid}`: the group chat's channel id, asked as the guest presses start. */
export function fetchAccessKey(uuid: string) {
  return api(guestPath('access-key', uuid), ZAccessKey);
}

/** Whether this tab holds a guest token for `uuid` (a token of another appointment does not count). */
export const hasGuestToken = (uuid: string) => readGuestSession()?.appointmentId === uuid;
