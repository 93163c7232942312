import { LANGUAGES } from '@prsp/contracts';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import type { Editor } from '../organisation/organisation-editor';
import { useTranslation } from '@/lib/i18n';

/** The organisation's optional links: null when not shown, else a text and a URL per language. */
export type OptionalLinkField = 'termsAndConditionsMoreLink' | 'cookiePolicyLink' | 'bookingConfirmedLink';

const EMPTY = { fi: { text: '', url: '' }, se: { text: '', url: '' }, en: { text: '', url: '' } };

/**
 * An optional link of the organisation (the terms' 'more' link and cookie policy link of spec §2 and §3, the
 * booking confirmation link): a checkbox to show it, then its text and address in each language.
 */
export function OptionalLinkFields({
  editor,
  field,
  legend,
  showLabel,
}: {
  editor: Editor;
  field: OptionalLinkField;
  legend: string;
  showLabel: string;
}) {
  const { t } = useTranslation();
  const { draft, errors, setJson, readOnly } = editor;
  const link = draft.json[field];
  return (
    <>
      <CheckboxField label={showLabel} checked={link !== null} disabled={readOnly} onChange={(on) => setJson(field, on ? EMPTY : null)} />
      {link && (
        <fieldset disabled={readOnly} className="form">
          <legend>{legend}</legend>
          {LANGUAGES.map((lang) => (
            <div key={lang} className="form-grid">
              <TextField
                label={t('admin.bookingConfirmation.linkText', { lang: t(`ui.languageNames.${lang}`) })}
                value={link[lang].text}
                onChange={(text) => setJson(field, { ...link, [lang]: { ...link[lang], text } })}
                error={errors[`${field}.${lang}.text`]}
              />
              <TextField
                label={t('admin.bookingConfirmation.linkUrl', { lang: t(`ui.languageNames.${lang}`) })}
                type="url"
                value={link[lang].url}
                onChange={(url) => setJson(field, { ...link, [lang]: { ...link[lang], url } })}
                error={errors[`${field}.${lang}.url`]}
              />
            </div>
          ))}
        </fieldset>
      )}
    </>
  );
}
