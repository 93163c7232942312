import './unread-badge.css';
import { useTranslation } from '@/lib/i18n';

/** The main menu's button with a badge of what waits unread inside the menu and on the desk (read out as words). */
export function MainMenuLabel({ unread }: { unread: number }) {
  const { t } = useTranslation();
  return (
    <>
      {t('staff.mainMenu')}
      {unread > 0 && (
        <span className="badge menu-badge">
          <span aria-hidden="true">{unread}</span>
          <span className="visually-hidden">{t('expert.menu.unread', { count: unread })}</span>
        </span>
      )}
    </>
  );
}
