import { useNavigate } from 'react-router';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { guestPagePath } from '@/lib/guest-session';
import { useLogout } from '../api/auth-api';
import { useGuestLogout, useGuestMode } from '../guest/guest-mode';
import { useTranslation } from '@/lib/i18n';
import { postNavigate } from '@/lib/post-navigation';

/**
 * Spec §2 'Chat-not-available modal (log out, or return)': a closed queue or any chat error. It must be
 * answered: back to service selection, or log out (where the organisation allows it).
 */
export function ChatNotAvailableDialog({
  open,
  text,
  detail,
  canLogOut,
  onReturn,
}: {
  open: boolean;
  text: string;
  /** A second line, e.g. when the closed queue next opens. */
  detail?: string;
  canLogOut: boolean;
  /** Instead of leaving the page, for a page that is itself where to return (the guest page). */
  onReturn?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  // A guest returns to their guest page and logs out of the guest session (spec §4 'Chat page').
  const guest = useGuestMode();
  const guestLogout = useGuestLogout();
  return (
    <ModalDialog open={open} title={t('chat.notAvailable.title')} onClose={() => undefined} closable={false}>
      <p className="chat-org-text">{text}</p>
      {detail && <p>{detail}</p>}
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            onReturn ? onReturn() : void navigate(guest ? guestPagePath(guest.appointmentId) : '/services', { replace: true })
          }
        >
          {guest ? t('guest.back') : t('chat.notAvailable.return')}
        </button>
        {canLogOut && (
          <button
            type="button"
            className="button secondary"
            disabled={logout.isPending}
            onClick={async () => {
              if (guest) return guestLogout();
              const result = await logout.mutateAsync().catch(() => null);
              // The identity provider ends its session too and comes back to /logout (RP-initiated logout).
              if (result?.endSession) return postNavigate(result.endSession.url, result.endSession.params);
              await navigate('/logout', { replace: true });
            }}
          >
            {t('chat.notAvailable.logout')}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
