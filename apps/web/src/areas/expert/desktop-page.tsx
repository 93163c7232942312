import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';
import { Link } from 'react-router';
import { Loading } from '../../components/route-fallbacks';
import { useStaffUser } from '../../features/staff/staff-api';
import { useExpertOrganisation } from './expert-api';
import { expertMenu } from './expert-menu';

/** The expert's start page after sign-in: who and where they are, and the way to each part of the app. */
export function DesktopPage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.desktop.title'));
  const user = useStaffUser('expert');
  const organisation = useExpertOrganisation(Boolean(user.data));
  if (!user.data) return <Loading />;
  const groups = expertMenu(organisation.data?.flags).filter((g) => g.headingKey);
  return (
    <div className="section-stack">
      <section className="card">
        <h1>{t('expert.desktop.title')}</h1>
        <p>{t('expert.desktop.greeting', { name: user.data.firstName })}</p>
        {organisation.data && <p className="muted">{t('expert.desktop.organisation', { name: organisation.data.name })}</p>}
      </section>
      {groups.map((group) => (
        <section key={group.headingKey} aria-labelledby={`desk-${group.headingKey}`}>
          <h2 id={`desk-${group.headingKey}`}>{t(group.headingKey!)}</h2>
          <ul className="tiles">
            {group.entries.map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} className={entry.comingSoon ? 'later' : undefined}>
                  {t(entry.labelKey)}
                  {entry.comingSoon && <span className="badge coming-soon">{t('app.comingSoon')}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
