import { usePageTitle } from '@/lib/use-page-title';
import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { useContact } from '../api/patient-api';
import { usePatientContext } from '../patient-state';
import { QueryState } from '@/components/ui/query-state';
import { showToast } from '@/components/ui/toasts';
import { ContactForm } from './contact-form';
import { ReminderSettings } from './reminder-settings';
import { useTranslation } from '@/lib/i18n';

/**
 * Contact details: the first onboarding step (`/contact`, saving moves on to the terms) and the profile page
 * (`/profile/contact`, saving stays and says so).
 */
export function ContactPage({ variant }: { variant: 'onboarding' | 'profile' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contact = useContact();
  const ctx = usePatientContext();
  const actingFor = ctx.phase === 'ready' ? ctx.config?.actOnBehalf : null;
  const acting = actingFor != null;
  // While acting for someone these are their details, not 'yours'.
  const title = actingFor
    ? t('contact.actingTitle', { name: actingFor.name })
    : t(variant === 'onboarding' ? 'contact.title' : 'contact.profileTitle');
  usePageTitle(title);

  return (
    <section className="card">
      {variant === 'profile' && (
        <Link to="/profile" className="back-link">
          {t('profile.back')}
        </Link>
      )}
      <h1>{title}</h1>
      <p>{actingFor ? t('contact.actingIntro', { name: actingFor.name }) : t('contact.intro')}</p>
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
      {variant === 'profile' && <ReminderSettings />}
    </section>
  );
}
