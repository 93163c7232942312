import type { ReactNode } from 'react';
import { LANGUAGES, type Language, type Localized } from '@prsp/contracts';
import { TextAreaField, TextField } from './form-fields';
import type { FieldErrors } from '@/lib/validation';
import { useTranslation } from '@/lib/i18n';

/**
 * One text in fi, sv and en, grouped under a legend. Errors are looked up by `path.fi` etc.,
 * the paths the server's field errors use.
 */
export function LocalizedFields({
  legend,
  value,
  onChange,
  errors,
  path,
  multiline,
  rows,
  hint,
  disabled,
}: {
  legend: ReactNode;
  value: Localized;
  onChange: (value: Localized) => void;
  errors: FieldErrors;
  path: string;
  multiline?: boolean;
  rows?: number;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={disabled}>
      <legend>{legend}</legend>
      {hint && <p className="hint">{hint}</p>}
      <div className="lang-tabs">
        {LANGUAGES.map((lang: Language) =>
          multiline ? (
            <TextAreaField
              key={lang}
              label={t(`ui.languageNames.${lang}`)}
              value={value[lang]}
              rows={rows}
              onChange={(v) => onChange({ ...value, [lang]: v })}
              error={errors[`${path}.${lang}`]}
            />
          ) : (
            <TextField
              key={lang}
              label={t(`ui.languageNames.${lang}`)}
              value={value[lang]}
              onChange={(v) => onChange({ ...value, [lang]: v })}
              error={errors[`${path}.${lang}`]}
            />
          ),
        )}
      </div>
    </fieldset>
  );
}
