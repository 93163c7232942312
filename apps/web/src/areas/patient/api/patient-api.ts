import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZContact,
  ZOrganisationsInfo,
  ZPatientConfig,
  ZPatientStatus,
  ZWelcomePreference,
  type ContactUpdate,
  type Language,
} from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { GUARD_CHECK_FRESH_MS } from './auth-api';

/** Everything cached about the patient lives under this key, so one invalidation refreshes it all. */
export const patientKeys = {
  all: ['patient'] as const,
  status: ['patient', 'status'] as const,
  config: ['patient', 'config'] as const,
  contact: ['patient', 'contact'] as const,
  organisations: ['patient', 'organisations'] as const,
  welcome: ['patient', 'welcome'] as const,
};

/** Refetches what the patient sees after a change (organisation, terms, contact, location, acting on behalf). */
export function refreshPatient(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: patientKeys.all });
}

/**
 * Where the patient stands in onboarding: what the route guards need (`GET /api/patient/status`). Every change
 * the patient makes invalidates it (`refreshPatient`), so it may stay fresh while the next page mounts.
 */
export const patientStatusQuery = queryOptions({
  queryKey: patientKeys.status,
  queryFn: () => api('/api/patient/status', ZPatientStatus),
  staleTime: GUARD_CHECK_FRESH_MS,
});

export function usePatientStatus(enabled: boolean) {
  return useQuery({ ...patientStatusQuery, enabled });
}

/** Spec §3 'Patient config' of the selected organisation (flags, texts, theme, actOnBehalf). */
export const patientConfigQuery = queryOptions({
  queryKey: patientKeys.config,
  queryFn: () => api('/api/config', ZPatientConfig),
  staleTime: 60_000,
});

export function usePatientConfig(enabled: boolean) {
  return useQuery({ ...patientConfigQuery, enabled });
}

export function useOrganisations() {
  return useQuery({ queryKey: patientKeys.organisations, queryFn: () => api('/api/organisations', ZOrganisationsInfo) });
}

export function useSelectOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selectedOrganisation: string) =>
      api('/api/organisations/select', z.unknown(), { method: 'POST', body: { selectedOrganisation } }),
    onSuccess: () => refreshPatient(queryClient),
  });
}

export function useContact() {
  return useQuery({ queryKey: patientKeys.contact, queryFn: () => api('/api/contact', ZContact) });
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactUpdate) => api('/api/contact', ZContact, { method: 'POST', body }),
    onSuccess: () => refreshPatient(queryClient),
  });
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/terms/accept', z.unknown(), { method: 'POST' }),
    onSuccess: () => refreshPatient(queryClient),
  });
}

export function useWelcomePreference() {
  return useQuery({ queryKey: patientKeys.welcome, queryFn: () => api('/api/welcome', ZWelcomePreference) });
}

export function useSaveWelcomePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dontShowAgain: boolean) => api('/api/welcome', z.unknown(), { method: 'POST', body: { dontShowAgain } }),
    onSuccess: () => refreshPatient(queryClient),
  });
}

/** Spec §1: switching language sends the language and the browser's time zone to the server. */
export function postClientParams(lang: Language): Promise<unknown> {
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return api('/api/client_params', z.unknown(), { method: 'POST', body: { lang, timezone } });
}
