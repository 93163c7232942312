import type { StaffUserStatus } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';

/** Spec §4 'User statuses': no password set, inactive, active; locked shown beside it. */
export function StatusBadge({ status, locked }: { status: StaffUserStatus; locked: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="status-group">
      <span className={`status ${status}`}>{t(`ui.status.${status}`)}</span>
      {locked && <span className="status locked">{t('ui.status.locked')}</span>}
    </span>
  );
}
