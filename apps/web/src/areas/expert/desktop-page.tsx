import './desk.css';
import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '@/components/route-fallbacks';
import { useStaffUser } from '@/features/staff/staff-api';
import { ChatWorkspace } from './chat/chat-workspace';
import { QueuePanel } from './chat/queue-panel';
import { useExpertOrganisation } from './expert-api';
import { expertMenu } from './expert-menu';
import { AlertSettingsPanel } from './alert-settings-panel';
import { useTranslation } from '@/lib/i18n';

/**
 * The expert's start page after sign-in. With remote reception on it is the desk: the chats (the chosen one in
 * `?chat=`, so a reload keeps it) take the page's width and height, the queues a column beside them (below them on
 * a phone), and the way to the rest of the app is the header's menu alone. Without it, tiles lead to each part.
 */
export function DesktopPage() {
  const { t } = useTranslation();
  usePageTitle(t('expert.desktop.title'));
  const user = useStaffUser('expert');
  const organisation = useExpertOrganisation(Boolean(user.data));
  const [params, setParams] = useSearchParams();
  // The chat just taken from a queue, whose message box is given the focus: the expert writes to that patient next.
  const [taken, setTaken] = useState<string | null>(null);
  if (!user.data) return <Loading />;
  const groups = expertMenu(organisation.data?.flags).filter((g) => g.headingKey);
  const select = (channelId: string) => setParams({ chat: channelId }, { replace: true });
  const reception = organisation.data?.flags.remoteReceptionEnabled === true;
  const head = (
    <header className="desk-head">
      <h1>{t('expert.desktop.title')}</h1>
      <p>
        {t('expert.desktop.greeting', { name: user.data.firstName })}
        {organisation.data && <span className="muted"> {t('expert.desktop.organisation', { name: organisation.data.name })}</span>}
      </p>
    </header>
  );
  if (reception)
    return (
      <div className="desk">
        {head}
        <AlertSettingsPanel />
        <div className="desk-grid">
          <ChatWorkspace
            selected={params.get('chat')}
            onSelect={(channelId) => {
              select(channelId);
              setTaken(null);
            }}
            focusComposer={taken}
          />
          <QueuePanel
            onAccepted={(channelId) => {
              select(channelId);
              setTaken(channelId);
            }}
          />
        </div>
      </div>
    );
  return (
    <div className="section-stack">
      {head}
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
