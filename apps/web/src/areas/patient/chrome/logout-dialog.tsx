import { useNavigate } from 'react-router';
import { useLogout } from '../api/auth-api';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useTranslation } from '@/lib/i18n';
import { postNavigate } from '@/lib/post-navigation';

/** Spec §2 'logout (logoutEnabled) with confirmation dialog'. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <ModalDialog open={open} title={t('logout.title')} onClose={onClose}>
      <p>{t('logout.text')}</p>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={logout.isPending}
          onClick={async () => {
            const result = await logout.mutateAsync().catch(() => null);
            // The identity provider ends its session too and comes back to /logout (RP-initiated logout).
            if (result?.endSession) {
              postNavigate(result.endSession.url, result.endSession.params);
              return;
            }
            onClose();
            await navigate('/logout', { replace: true });
          }}
        >
          {t('logout.confirm')}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
