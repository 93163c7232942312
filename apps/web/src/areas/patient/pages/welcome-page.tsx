import { useId, useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useSaveWelcomePreference } from '../api/patient-api';
import { usePatientContext } from '../patient-state';
import { organisationNameIn } from '../organisation-name';
import { SafeHtml } from '@/components/ui/safe-html';
import { showToast } from '@/components/ui/toasts';

/**
 * Spec §2 welcome / service info page (also the profile welcome route): the organisation's service info with
 * its line breaks, 'don't show again' (stored per user e-mail on the server) and continue to the landing.
 * Opened from the chat codes (`?from=chatCodes`) it shows the chat codes info with a way back to the services.
 */
export function WelcomePage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.welcome'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ctx = usePatientContext();
  const save = useSaveWelcomePreference();
  const checkboxId = useId();
  const initial = ctx.phase === 'ready' && ctx.state.dontShowWelcome;
  const [dontShow, setDontShow] = useState(initial);
  const config = ctx.phase === 'ready' ? ctx.config : undefined;
  const lang = currentLanguage();
  if (!config) return null;

  if (params.get('from') === 'chatCodes') {
    return (
      <section className="card">
        <Link to="/services" className="back-link">
          {t('welcome.backToServices')}
        </Link>
        <h1>{t('welcome.chatCodesTitle')}</h1>
        <SafeHtml className="rich-text" html={config.chatCodesInfo[lang]} />
      </section>
    );
  }

  return (
    <section className="card">
      <h1>{t('welcome.title', { name: organisationNameIn(config, lang) })}</h1>
      <p className="service-info">{config.serviceInfoText[lang]}</p>
      <div className="check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={dontShow}
          onChange={(e) => {
            const value = e.target.checked;
            setDontShow(value);
            save.mutate(value, {
              onError: () => {
                setDontShow(!value);
                showToast(t('common.savingError'), 'error');
              },
            });
          }}
        />
        <label htmlFor={checkboxId}>{t('welcome.dontShowAgain')}</label>
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={() => void navigate('/landing')}>
          {t('common.continue')}
        </button>
      </div>
    </section>
  );
}
