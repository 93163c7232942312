import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Routes that later parts of the product fill (booking, bookings, messages, history, chat, survey, guest). */
export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h1>{t('notAvailable.title')}</h1>
      <p>{t('notAvailable.text')}</p>
      <Link to="/landing">{t('common.backToHome')}</Link>
    </section>
  );
}
