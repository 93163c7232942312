import './messages-admin.css';
import { useTranslation } from '@/lib/i18n';

/** Open or restricted access (spec §3 'openAccess') and the disabled state, as small labelled badges. */
export function AccessBadges({ openAccess, isDisabled }: { openAccess: boolean; isDisabled: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="status-group">
      <span
        className={`status ${openAccess ? 'open-access' : 'restricted-access'}`}
        title={t(openAccess ? 'admin.messages.openHint' : 'admin.messages.restrictedHint')}
      >
        {t(openAccess ? 'admin.messages.open' : 'admin.messages.restricted')}
      </span>
      {isDisabled && <span className="status inactive">{t('admin.messages.disabled')}</span>}
    </span>
  );
}
