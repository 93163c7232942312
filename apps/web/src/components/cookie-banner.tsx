import { useId, useState } from 'react';
import { saveCookiePreferences, useCookiePreferences } from '../lib/cookie-consent';
import { useTranslation } from '../lib/i18n';

const OPTIONAL = ['functional', 'targeting', 'marketing'] as const;

/** Shown until the user has chosen; the choice is stored and the banner closes. */
export function CookieBanner() {
  const { t } = useTranslation();
  const prefs = useCookiePreferences();
  const [showSettings, setShowSettings] = useState(false);
  const [chosen, setChosen] = useState({ functional: false, targeting: false, marketing: false });
  const titleId = useId();
  if (prefs) return null;

  return (
    <section className="cookie-banner" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('cookies.title')}</h2>
      <p>{t('cookies.text')}</p>
      {showSettings && (
        <fieldset className="cookie-settings">
          <legend>{t('cookies.settings')}</legend>
          <label className="check">
            <input type="checkbox" checked disabled />
            <span>
              <strong>{t('cookies.required')}</strong> {t('cookies.requiredText')}
            </span>
          </label>
          {OPTIONAL.map((category) => (
            <label className="check" key={category}>
              <input type="checkbox" checked={chosen[category]} onChange={(e) => setChosen({ ...chosen, [category]: e.target.checked })} />
              <span>
                <strong>{t(`cookies.${category}`)}</strong> {t(`cookies.${category}Text`)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => saveCookiePreferences({ functional: true, targeting: true, marketing: true })}
        >
          {t('cookies.acceptAll')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => saveCookiePreferences({ functional: false, targeting: false, marketing: false })}
        >
          {t('cookies.acceptNecessary')}
        </button>
        {showSettings ? (
          <button type="button" className="button secondary" onClick={() => saveCookiePreferences(chosen)}>
            {t('cookies.save')}
          </button>
        ) : (
          <button type="button" className="button link" aria-expanded={false} onClick={() => setShowSettings(true)}>
            {t('cookies.settings')}
          </button>
        )}
      </div>
    </section>
  );
}
