import './surveys-admin-texts';
import './surveys-admin.css';
import { SURVEY_TIMING_VALUES, type SurveyAttachment, type SurveyTiming } from '@prsp/contracts';
import { useFieldText } from '@/lib/field-text';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';
import { useSurveyTemplates } from './surveys-admin-api';

/**
 * The surveys a service or an appointment carries: each survey the organisation has in use, sent before (on
 * booking) and/or after (when it ends). A survey attached earlier and no longer in use shows, so it can be taken off.
 * Needs the service settings view right to list the surveys; without it the field is not shown.
 */
export function SurveyAttachmentsField({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: readonly SurveyAttachment[];
  onChange: (value: SurveyAttachment[]) => void;
  errors: FieldErrors;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const templates = useSurveyTemplates();
  if (!templates.data) return null;
  const lang = currentLanguage();
  const inUse = templates.data.filter((x) => x.inUse);
  const known = new Set(inUse.map((x) => x.id));
  const rows = [
    ...inUse.map((x) => ({ id: x.id, name: x.name[lang] })),
    ...[...new Set(value.map((a) => a.templateId))]
      .filter((id) => !known.has(id))
      .map((id) => ({ id, name: t('surveysAdmin.attach.unavailable') })),
  ];
  const has = (templateId: string, timing: SurveyTiming) => value.some((a) => a.templateId === templateId && a.timing === timing);
  const toggle = (templateId: string, timing: SurveyTiming, on: boolean) =>
    onChange(on ? [...value, { templateId, timing }] : value.filter((a) => !(a.templateId === templateId && a.timing === timing)));
  const error = Object.entries(errors).find(([k, v]) => v && (k === 'surveys' || k.startsWith('surveys.')))?.[1];
  return (
    <fieldset disabled={disabled} aria-describedby="survey-attachments-hint">
      <legend>{t('surveysAdmin.attach.legend')}</legend>
      <p id="survey-attachments-hint" className="hint">
        {t('surveysAdmin.attach.hint')}
      </p>
      {rows.length === 0 && <p className="hint">{t('surveysAdmin.attach.none')}</p>}
      {rows.map((row) => (
        <div key={row.id} className="survey-attach-row" data-survey={row.id}>
          <span className="grow">{row.name}</span>
          {SURVEY_TIMING_VALUES.map((timing) => (
            <label key={timing} className="check">
              <input
                type="checkbox"
                checked={has(row.id, timing)}
                aria-label={t(`surveysAdmin.attach.${timing}Named`, { name: row.name })}
                onChange={(e) => toggle(row.id, timing, e.target.checked)}
              />
              <span aria-hidden="true">{t(`surveysAdmin.attach.${timing}`)}</span>
            </label>
          ))}
        </div>
      ))}
      {error && <p className="field-error">{fieldText(error)}</p>}
    </fieldset>
  );
}
