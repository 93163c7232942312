import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A menu entry whose screen comes with a later release. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <section className="card not-available">
      <h1>{t('expert.notAvailable.title')}</h1>
      <p>{t('expert.notAvailable.text')}</p>
      <Link to="/expert/desktop">{t('expert.notAvailable.back')}</Link>
    </section>
  );
}
