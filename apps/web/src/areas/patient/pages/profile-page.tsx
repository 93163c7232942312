import { usePageTitle } from '@/lib/use-page-title';
import { usePatientContext } from '../patient-state';
import { MenuList } from '../chrome/menu-list';
import { patientProfileMenu } from '../route-rules';
import { PushSettingsSection } from '../notifications/push-settings-section';
import { AccessLogSection } from '../access-log/access-log-section';
import { useTranslation } from '@/lib/i18n';

/** `/profile`: the profile area's pages (spec §2: contact, terms, welcome). */
export function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.title'));
  const ctx = usePatientContext();
  const entries = ctx.phase === 'ready' ? patientProfileMenu(ctx.state).filter((e) => e.to) : [];
  return (
    <>
      <section className="card">
        <h1>{t('profile.title')}</h1>
        <p>{t('profile.intro')}</p>
        <nav aria-label={t('profile.title')}>
          <MenuList entries={entries} onAction={() => undefined} />
        </nav>
      </section>
      <PushSettingsSection />
      <AccessLogSection />
    </>
  );
}
