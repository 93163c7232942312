import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import { PageLayout } from './page-layout';

/** Expert and admin areas start in Finnish whatever the patient app chose (spec §1). */
export function StaffAreaShell({ titleKey }: { titleKey: 'staff.expertTitle' | 'staff.adminTitle' }) {
  const { t } = useTranslation();
  useEffect(() => {
    void changeLanguage('fi', { remember: false });
  }, []);
  return (
    <PageLayout title={`PRSP ${t(titleKey)}`}>
      <section className="card">
        <h1>{t(titleKey)}</h1>
        <p>{t('staff.signInComing')}</p>
      </section>
    </PageLayout>
  );
}
