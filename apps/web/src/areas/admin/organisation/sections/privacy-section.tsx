import { LANGUAGES } from '@prsp/contracts';
import { TextField } from '@/components/ui/form-fields';
import type { Editor } from '../organisation-editor';
import { useTranslation } from '@/lib/i18n';

/** Spec §5: the privacy statement's URL and name are required in each language. */
export function PrivacySection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { draft, errors, setJson, readOnly } = editor;
  const value = draft.json.privacyStatementUrl;
  return (
    <section className="card" aria-labelledby="org-privacy">
      <h2 id="org-privacy">{t('admin.org.privacy.title')}</h2>
      <div className="form">
        {LANGUAGES.map((lang) => (
          <fieldset key={lang} disabled={readOnly} className="form-grid">
            <legend>{t(`ui.languageNames.${lang}`)}</legend>
            <TextField
              label={t('admin.org.privacy.name')}
              value={value[lang].name}
              onChange={(name) => setJson('privacyStatementUrl', { ...value, [lang]: { ...value[lang], name } })}
              error={errors[`privacyStatementUrl.${lang}.name`]}
              required
            />
            <TextField
              label={t('admin.org.privacy.url')}
              type="url"
              value={value[lang].url}
              onChange={(url) => setJson('privacyStatementUrl', { ...value, [lang]: { ...value[lang], url } })}
              error={errors[`privacyStatementUrl.${lang}.url`]}
              required
            />
          </fieldset>
        ))}
      </div>
    </section>
  );
}
