import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Loading } from '@/components/route-fallbacks';
import { usePatientContext } from './patient-state';
import { PATIENT_PATHS, resolvePatientRoute, type PatientRoute } from './route-rules';
import { QueryState } from '@/components/ui/query-state';

/**
 * When the session ends on an open page, whoever ended it moves on: the API client to the session-expired
 * page, the logout dialog to the logged-out page. The guard waits for that instead of racing it to the
 * authentication page, and goes there itself only if nothing else navigates.
 */
function SessionEnded() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(PATIENT_PATHS.authentication, { replace: true }), 1_500);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <Loading />;
}

/** Shows `children` when `resolvePatientRoute` allows the route, else sends the patient where the rules say. */
export function Guard({ route, children }: { route: PatientRoute; children?: ReactNode }) {
  const ctx = usePatientContext();
  const { search } = useLocation();
  const authenticated = ctx.phase === 'ready' && ctx.state.authenticated;
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (authenticated && !wasSignedIn) setWasSignedIn(true);

  if (ctx.phase === 'loading') return <Loading />;
  if (ctx.phase === 'error') return <QueryState error onRetry={ctx.retry} />;
  const decision = resolvePatientRoute(ctx.state, route);
  if ('redirect' in decision) {
    if (wasSignedIn && !authenticated) return <SessionEnded />;
    // The front page passes its query on (`?error=` from sign-in, `?lang=`).
    return <Navigate to={route === 'index' ? `${decision.redirect}${search}` : decision.redirect} replace />;
  }
  return children;
}
