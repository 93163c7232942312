import './guest-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearGuestSession, useGuestSession, type GuestSession } from '@/lib/guest-session';
import { usePatientContext } from '../patient-state';
import { PATIENT_PATHS } from '../route-rules';
import { guestKeys } from './guest-api';

/**
 * The guest of a group appointment, when that is who is using the patient app's chat and feedback pages (a
 * guest token in this tab and no patient session): they go back to the guest page, not to service selection,
 * and on to thank-you-guest after the feedback (spec §2 'Chat', §4 'Chat page', 'Feedback').
 */
export function useGuestMode(): GuestSession | null {
  const ctx = usePatientContext();
  const session = useGuestSession();
  if (ctx.phase !== 'ready' || ctx.state.authenticated) return null;
  return session;
}

/**
 * Spec §2 'Guest thank-you page': logging out removes the guest token. The guest then sees their own signed-out page
 * (issue 29), not the root, which sends everyone signed out to the patients' bank-ID sign-in.
 */
export function useGuestLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearGuestSession();
    queryClient.removeQueries({ queryKey: guestKeys.all });
    void navigate(PATIENT_PATHS.guestSignedOut, { replace: true });
  }, [navigate, queryClient]);
}
