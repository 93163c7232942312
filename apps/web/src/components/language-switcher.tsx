import { LANGUAGES, type Language, languageTag } from '@prsp/contracts';
import { currentLanguage, useTranslation } from '../lib/i18n';

/** Language buttons, each named in its own language; the current one is marked for screen readers. */
export function LanguageSwitcher({
  onChange,
  languages = LANGUAGES,
}: {
  onChange: (lang: Language) => void;
  /** The languages on offer (an organisation may switch some off); all by default. */
  languages?: readonly Language[];
}) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <nav aria-label={t('app.language')} className="language-switcher">
      <ul>
        {languages.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              lang={languageTag(lang)}
              aria-current={lang === current ? 'true' : undefined}
              onClick={() => onChange(lang)}
            >
              {t(`languages.${lang}`)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
