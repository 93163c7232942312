import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isAuthenticated } from '@/lib/auth-state';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthenticationPage } from '../authentication-page';
import { LogoutDialog } from '../chrome/logout-dialog';
import { usePatientContext } from '../patient-state';
import { Guard } from '../route-guard';
import { useTranslation } from '@/lib/i18n';

/**
 * `/logout`: signed in, it asks for confirmation (spec §2 'logout with confirmation dialog'); signed out, it is
 * the authentication page's logged-out variant (with the session-expired text on `?unauthorized`).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ctx = usePatientContext();
  const queryClient = useQueryClient();
  const expired = params.has('unauthorized');
  // After a session expiry the cached 'signed in' is stale: ask again, so the chrome drops the menus too.
  useEffect(() => {
    if (expired) void queryClient.invalidateQueries({ queryKey: ['patient', 'auth'] });
  }, [expired, queryClient]);
  const signedIn = ctx.phase === 'ready' && ctx.state.authenticated && !expired;
  if (!signedIn) return <AuthenticationPage variant="logout" />;
  return <LogoutConfirmation onCancelled={() => void navigate('/', { replace: true })} />;
}

/** Signed in: the confirmation dialog, on a page titled after it. */
function LogoutConfirmation({ onCancelled }: { onCancelled: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t('menu.logout'));
  return (
    <LogoutDialog
      open
      onClose={() => {
        // Cancelled (still signed in): back to the front page. After logging out this page shows the logged-out text.
        if (isAuthenticated()) onCancelled();
      }}
    />
  );
}

/** After a session expiry (`?unauthorized`) the page shows at once; otherwise the route rules decide. */
export function LogoutRoute() {
  const [params] = useSearchParams();
  if (params.has('unauthorized')) return <LogoutPage />;
  return (
    <Guard route="logout">
      <LogoutPage />
    </Guard>
  );
}
