import { LANGUAGES, type Link as LinkItem } from '@prsp/contracts';
import { TextField } from '@/components/ui/form-fields';
import type { FieldErrors } from '@/lib/validation';
import { useTranslation } from '@/lib/i18n';

type PerLanguageLinks = { fi: LinkItem[]; se: LinkItem[]; en: LinkItem[] };

/** A list of links (text and URL) in each language; errors by `path.fi.0.text`, the server's paths. */
export function LinkListEditor({
  legend,
  value,
  onChange,
  errors,
  path,
  disabled,
}: {
  legend: string;
  value: PerLanguageLinks;
  onChange: (value: PerLanguageLinks) => void;
  errors: FieldErrors;
  path: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={disabled} className="form">
      <legend>{legend}</legend>
      {LANGUAGES.map((lang) => {
        const links = value[lang];
        const set = (next: LinkItem[]) => onChange({ ...value, [lang]: next });
        return (
          <div key={lang} className="repeat-group">
            <h4>{t(`ui.languageNames.${lang}`)}</h4>
            {links.length === 0 && <p className="hint">{t('admin.content.noLinks')}</p>}
            {links.map((link, i) => (
              <div key={i} className="repeat-item">
                <div className="form-grid">
                  <TextField
                    label={t('admin.content.linkText', { n: i + 1 })}
                    value={link.text}
                    onChange={(text) => set(links.map((l, j) => (j === i ? { ...l, text } : l)))}
                    error={errors[`${path}.${lang}.${i}.text`]}
                    required
                  />
                  <TextField
                    label={t('admin.content.linkUrl', { n: i + 1 })}
                    type="url"
                    value={link.url}
                    onChange={(url) => set(links.map((l, j) => (j === i ? { ...l, url } : l)))}
                    error={errors[`${path}.${lang}.${i}.url`]}
                    required
                  />
                </div>
                <div>
                  <button type="button" className="button small secondary" onClick={() => set(links.filter((_, j) => j !== i))}>
                    {t('admin.content.removeLink', { n: i + 1 })}
                  </button>
                </div>
              </div>
            ))}
            <button type="button" className="button small secondary" onClick={() => set([...links, { text: '', url: '' }])}>
              {t('admin.content.addLink', { lang: t(`ui.languageNames.${lang}`) })}
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
