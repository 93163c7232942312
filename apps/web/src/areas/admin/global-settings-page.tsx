import { Link } from 'react-router';
import type { StaffUserData } from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * `/admin/globalSettings` (spec §6 'Global admin menus: global settings'): what a global admin sets for every
 * organisation at once, each with where it is done. The product has no settings of its own beyond these: the
 * organisations, the staff of all of them, and the survey templates shared with all of them.
 */
export function GlobalSettingsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.globalSettings.title'));
  // Shared templates are made in the survey list, which belongs to the chosen organisation.
  const surveys = user.organisation !== null && user.rights.serviceSettings.view;
  return (
    <div className="section-stack">
      <section className="card">
        <h1>{t('admin.globalSettings.title')}</h1>
        <p>{t('admin.globalSettings.intro')}</p>
      </section>
      <section className="card" aria-labelledby="global-organisations">
        <h2 id="global-organisations">{t('admin.globalSettings.organisations')}</h2>
        <p>{t('admin.globalSettings.organisationsText')}</p>
        <Link to="/admin/newOrganization">{t('admin.menu.newOrganization')}</Link>
      </section>
      <section className="card" aria-labelledby="global-users">
        <h2 id="global-users">{t('admin.globalSettings.users')}</h2>
        <p>{t('admin.globalSettings.usersText')}</p>
        <Link to="/admin/globalUsers">{t('admin.menu.globalUsers')}</Link>
      </section>
      <section className="card" aria-labelledby="global-surveys">
        <h2 id="global-surveys">{t('admin.globalSettings.surveys')}</h2>
        <p>{t('admin.globalSettings.surveysText')}</p>
        {surveys ? (
          <Link to="/admin/surveys">{t('surveysAdmin.menu')}</Link>
        ) : (
          <p className="hint">{t('admin.globalSettings.surveysNeedOrganisation')}</p>
        )}
      </section>
    </div>
  );
}
