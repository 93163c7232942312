import { Link } from 'react-router';
import type { AppRole, StaffUserData } from '@prsp/contracts';
import { MenuDisclosure } from '@/components/ui/menu';
import { useStaffLogout } from './staff-api';
import { useTranslation } from '@/lib/i18n';

/** Spec §2 profile menu: who is signed in, change password, sign out. */
export function ProfileMenu({ role, user }: { role: AppRole; user: StaffUserData }) {
  const { t } = useTranslation();
  const logout = useStaffLogout(role);
  return (
    <MenuDisclosure label={t('staff.profileMenu')}>
      <p className="menu-who">
        <strong>
          {user.firstName} {user.lastName}
        </strong>
        <br />
        {user.email}
      </p>
      <ul>
        <li>
          <Link to={`/${role}/changePassword`}>{t('staff.password.changeTitle')}</Link>
        </li>
        <li>
          <button type="button" className="menu-item" disabled={logout.isPending} onClick={() => logout.mutate()}>
            {t('staff.logout')}
          </button>
        </li>
      </ul>
    </MenuDisclosure>
  );
}
