import { usePageTitle } from '@/lib/use-page-title';
import { Link } from 'react-router';
import type { StaffUserData } from '@prsp/contracts';
import { adminMenu } from './admin-menu';
import { useTranslation } from '@/lib/i18n';

/** `/admin`: where the admin works and a tile for each screen their rights open. */
export function AdminHomePage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.home.title'));
  const groups = adminMenu(user.rights, user.isGlobalAdmin, Boolean(user.organisation));
  return (
    <div className="section-stack">
      <section className="card">
        <h1>{t('admin.home.title')}</h1>
        <p>{t('admin.home.greeting', { name: user.firstName })}</p>
        <p className="muted">
          {user.organisation ? t('admin.home.organisation', { name: user.organisation.name }) : t('admin.home.noOrganisation')}
        </p>
      </section>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`home-${group.id}`}>
          <h2 id={`home-${group.id}`}>{t(group.headingKey)}</h2>
          <ul className="tiles">
            {group.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
