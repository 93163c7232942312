import type { QueryClient } from '@tanstack/react-query';
import { matchPath, useLocation } from 'react-router';
import { FEATURE_FLAGS, type FeatureFlags, type PatientConfig } from '@prsp/contracts';
import { useGuestSession } from '@/lib/guest-session';
import { hasPageAnswers } from '@/lib/page-answers';
import { authCheckQuery, useAuthCheck } from './api/auth-api';
import { patientConfigQuery, patientStatusQuery, usePatientConfig, usePatientStatus } from './api/patient-api';
import { useGuestOrganisation } from './guest/guest-api';
import { PATIENT_PATHS, type PatientRouteState } from './route-rules';

export type PatientContext =
  | { phase: 'loading' }
  | { phase: 'error'; retry: () => void }
  | { phase: 'ready'; state: PatientRouteState; config: PatientConfig | undefined };

function flagsOf(config: PatientConfig): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, config[f]])) as FeatureFlags;
}

/**
 * Session, onboarding status and the organisation's config in one value for the guards and the chrome.
 * The three queries are shared (TanStack Query deduplicates), so every caller sees the same answer.
 */
export function usePatientContext(): PatientContext {
  const auth = useAuthCheck();
  const authenticated = auth.data === true;
  const status = usePatientStatus(authenticated);
  const hasOrganisation = authenticated && status.data?.hasOrganisation === true;
  // Acting on behalf shows in the config even before the principal has an organisation, so ask once signed in.
  const config = usePatientConfig(authenticated && status.isSuccess);
  // A guest (signed in, or on the guest page) sees the appointment's organisation: its look, texts and flags.
  const guestSession = useGuestSession();
  const { pathname } = useLocation();
  const guestAppointment = guestSession?.appointmentId ?? matchPath(PATIENT_PATHS.guest, pathname)?.params.uuid;
  const guestOrganisation = useGuestOrganisation(auth.data === false ? guestAppointment : undefined);
  const guest = guestSession !== null;

  if (auth.isPending) return { phase: 'loading' };
  if (auth.isError) return { phase: 'error', retry: () => void auth.refetch() };
  if (!authenticated) return { phase: 'ready', state: { ...signedOut, guest }, config: guestOrganisation.config.data };
  if (status.isPending) return { phase: 'loading' };
  if (status.isError) return { phase: 'error', retry: () => void status.refetch() };
  if (hasOrganisation && config.isPending) return { phase: 'loading' };
  // Without the organisation's flags the guards cannot decide: a failed config load is an error (spec §7).
  if (hasOrganisation && config.isError) return { phase: 'error', retry: () => void config.refetch() };
  const s = status.data;
  return {
    phase: 'ready',
    config: config.data,
    state: {
      authenticated: true,
      hasOrganisation,
      contactSaved: s.contactSaved,
      termsAccepted: s.termsAccepted,
      dontShowWelcome: s.dontShowWelcome,
      flags: hasOrganisation && config.data ? flagsOf(config.data) : null,
      guest,
    },
  };
}

/**
 * When the page brought the answers (lib/page-answers.ts), asks the guards' questions before the first render, in
 * the order `usePatientContext` asks them: the app then opens on the page itself, not on a spinner that waits for
 * answers already there. Without them the guards ask as they render. A failure is left for the guard to show.
 */
export async function primePatientContext(queryClient: QueryClient): Promise<void> {
  if (!hasPageAnswers()) return;
  try {
    if (!(await queryClient.fetchQuery(authCheckQuery))) return;
    await Promise.all([queryClient.fetchQuery(patientStatusQuery), queryClient.fetchQuery(patientConfigQuery)]);
  } catch {
    // The guard's own query shows the error and offers a retry.
  }
}

const signedOut: PatientRouteState = {
  authenticated: false,
  hasOrganisation: false,
  contactSaved: false,
  termsAccepted: false,
  dontShowWelcome: false,
  flags: null,
  guest: false,
};
