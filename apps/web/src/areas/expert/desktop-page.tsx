import { usePageTitle } from '@/lib/use-page-title';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '@/components/route-fallbacks';
import { useStaffUser } from '@/features/staff/staff-api';
import { ChatWorkspace } from './chat/chat-workspace';
import { QueuePanel } from './chat/queue-panel';
import { useExpertOrganisation } from './expert-api';
import { expertMenu } from './expert-menu';
import { useTranslation } from '@/lib/i18n';

/**
 * The expert's start page after sign-in: who and where they are; with remote reception on, the queues and the
 * chats on the desk (the chosen one in `?chat=`, so a reload keeps it); the way to each part of the app.
 */
export function DesktopPage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.desktop.title'));
  const user = useStaffUser('expert');
  const organisation = useExpertOrganisation(Boolean(user.data));
  const [params, setParams] = useSearchParams();
  if (!user.data) return <Loading />;
  const groups = expertMenu(organisation.data?.flags).filter((g) => g.headingKey);
  const select = (channelId: string) => setParams({ chat: channelId }, { replace: true });
  const reception = organisation.data?.flags.remoteReceptionEnabled === true;
  return (
    <div className="section-stack">
      <section className="card">
        <h1>{t('expert.desktop.title')}</h1>
        <p>{t('expert.desktop.greeting', { name: user.data.firstName })}</p>
        {organisation.data && <p className="muted">{t('expert.desktop.organisation', { name: organisation.data.name })}</p>}
      </section>
      {reception && <QueuePanel onAccepted={select} />}
      {reception && <ChatWorkspace selected={params.get('chat')} onSelect={select} />}
      {groups.map((group) => (
        <section key={group.headingKey} aria-labelledby={`desk-${group.headingKey}`}>
          <h2 id={`desk-${group.headingKey}`}>{t(group.headingKey!)}</h2>
          <ul className="tiles">
            {group.entries.map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to}>{t(entry.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
