import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { useContact } from '../api/patient-api';
import { usePatientContext } from '../patient-state';
import { QueryState } from '../../../components/ui/query-state';
import { showToast } from '../../../components/ui/toasts';
import { ContactForm } from './contact-form';

/**
 * Contact details: the first onboarding step (`/contact`, saving moves on to the terms) and the profile page
 * (`/profile/contact`, saving stays and says so).
 */
export function ContactPage({ variant }: { variant: 'onboarding' | 'profile' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contact = useContact();
  const ctx = usePatientContext();
  const acting = ctx.phase === 'ready' && ctx.config?.actOnBehalf != null;

  return (
    <section className="card">
      {variant === 'profile' && (
        <Link to="/profile" className="back-link">
          {t('profile.back')}
        </Link>
      )}
      <h1>{t(variant === 'onboarding' ? 'contact.title' : 'contact.profileTitle')}</h1>
      <p>{t('contact.intro')}</p>
      {contact.data ? (
        <ContactForm
          key={acting ? 'acting' : 'self'}
          contact={contact.data}
          acting={acting}
          submitLabel={t(variant === 'onboarding' ? 'contact.saveAndContinue' : 'contact.save')}
          onSaved={() => {
            showToast(t('contact.saved'));
            if (variant === 'onboarding') void navigate('/terms');
          }}
        />
      ) : (
        <QueryState error={contact.error} onRetry={() => void contact.refetch()} />
      )}
    </section>
  );
}
