import { NavLink } from 'react-router';
import type { MenuEntry, MenuEntryId } from '../route-rules';
import { useTranslation } from '@/lib/i18n';

/** Menu entries as links or action buttons; a disabled entry stays visible but cannot be used (spec §6). */
export function MenuList({ entries, onAction }: { entries: MenuEntry[]; onAction: (id: MenuEntryId) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="menu-list">
      {entries.map((entry) => {
        const label = t(`menu.${entry.id}`);
        let item;
        if (entry.disabled) {
          // No link and no action until onboarding allows it; aria-disabled (not `disabled`) keeps it in the tab
          // order, so a keyboard or screen-reader user learns it exists but is not available yet.
          item = (
            <button type="button" aria-disabled="true" className="menu-item disabled">
              {label}
            </button>
          );
        } else if (entry.to) {
          item = (
            <NavLink to={entry.to} className="menu-item" end>
              {label}
            </NavLink>
          );
        } else {
          item = (
            <button type="button" className="menu-item" onClick={() => onAction(entry.id)}>
              {label}
            </button>
          );
        }
        return <li key={entry.id}>{item}</li>;
      })}
    </ul>
  );
}
