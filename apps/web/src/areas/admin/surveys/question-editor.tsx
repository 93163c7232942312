import {
  conditionValues,
  LANGUAGES,
  SURVEY_QUESTION_TYPES,
  type Localized,
  type SurveyQuestion,
  type SurveyQuestionType,
} from '@prsp/contracts';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { useFieldText } from '@/lib/field-text';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/validation';
import { conditionSources, isChoice, newOption, withRedFlag, withType } from './survey-builder-model';

type Props = {
  question: SurveyQuestion;
  index: number;
  count: number;
  /** Every question of the survey, for the condition's choices. */
  questions: readonly SurveyQuestion[];
  onChange: (question: SurveyQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  errors: FieldErrors;
  readOnly: boolean;
};

const numberOrUndefined = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));

/** One question of the builder: type, texts in fi/sv/en, required, options or range, and its condition. */
export function QuestionEditor({ question: q, index, count, questions, onChange, onMove, onRemove, errors, readOnly }: Props) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const n = index + 1;
  const path = `questions.${index}`;
  const set = (patch: Partial<SurveyQuestion>) => onChange({ ...q, ...patch });
  const conditionError = errors[`${path}.showIf`] ?? errors[`${path}.showIf.anyOf`] ?? errors[`${path}.showIf.questionId`];
  return (
    <fieldset className="question-editor" data-question-editor={q.id}>
      <legend>
        {t('surveysAdmin.question.heading', { n })} · {t(`surveysAdmin.types.${q.type}`)}
      </legend>
      {!readOnly && (
        <div className="actions">
          <button
            type="button"
            className="button small secondary"
            disabled={index === 0}
            aria-label={t('surveysAdmin.question.moveUp', { n })}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="button small secondary"
            disabled={index === count - 1}
            aria-label={t('surveysAdmin.question.moveDown', { n })}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
          <button type="button" className="button small secondary" onClick={onRemove}>
            {t('surveysAdmin.question.remove', { n })}
          </button>
        </div>
      )}
      <SelectField
        label={t('surveysAdmin.question.type')}
        value={q.type}
        disabled={readOnly}
        options={SURVEY_QUESTION_TYPES.map((type) => ({ value: type, label: t(`surveysAdmin.types.${type}`) }))}
        onChange={(type) => onChange(withType(q, type as SurveyQuestionType))}
      />
      <LocalizedFields
        legend={t('surveysAdmin.question.text')}
        value={q.text}
        onChange={(text) => set({ text })}
        errors={errors}
        path={`${path}.text`}
        disabled={readOnly}
      />
      <LocalizedFields
        legend={t('surveysAdmin.question.help')}
        hint={t('surveysAdmin.question.helpHint')}
        value={q.help ?? { fi: '', se: '', en: '' }}
        onChange={(help) => set({ help })}
        errors={errors}
        path={`${path}.help`}
        disabled={readOnly}
      />
      <CheckboxField
        label={t('surveysAdmin.question.required')}
        checked={q.required}
        disabled={readOnly}
        onChange={(required) => set({ required })}
      />
      {isChoice(q.type) && <OptionsEditor q={q} path={path} errors={errors} readOnly={readOnly} onChange={onChange} />}
      {q.type === 'number' && (
        <div className="option-row">
          <TextField
            label={t('surveysAdmin.question.min')}
            type="number"
            disabled={readOnly}
            value={q.min === undefined ? '' : String(q.min)}
            onChange={(v) => set({ min: numberOrUndefined(v) })}
            error={errors[`${path}.min`]}
          />
          <TextField
            label={t('surveysAdmin.question.max')}
            type="number"
            disabled={readOnly}
            value={q.max === undefined ? '' : String(q.max)}
            onChange={(v) => set({ max: numberOrUndefined(v) })}
            error={errors[`${path}.max`]}
          />
        </div>
      )}
      <ConditionEditor q={q} index={index} questions={questions} readOnly={readOnly} onChange={onChange} />
      {conditionError && <p className="field-error">{fieldText(conditionError)}</p>}
      {errors[`${path}.id`] && <p className="field-error">{fieldText(errors[`${path}.id`])}</p>}
    </fieldset>
  );
}

function OptionsEditor({
  q,
  path,
  errors,
  readOnly,
  onChange,
}: {
  q: SurveyQuestion;
  path: string;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (q: SurveyQuestion) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const options = q.options ?? [];
  const setLabel = (i: number, label: Localized) => onChange({ ...q, options: options.map((o, k) => (k === i ? { ...o, label } : o)) });
  const setRedFlag = (i: number, on: boolean) => onChange({ ...q, options: options.map((o, k) => (k === i ? withRedFlag(o, on) : o)) });
  const remove = (i: number) => onChange({ ...q, options: options.filter((_, k) => k !== i) });
  return (
    <fieldset>
      <legend>{t('surveysAdmin.question.options')}</legend>
      <p className="hint">{t('surveysAdmin.question.redFlagHint')}</p>
      {errors[`${path}.options`] && <p className="field-error">{fieldText(errors[`${path}.options`])}</p>}
      {options.map((o, i) => (
        <div key={o.id} className="option-row">
          <LocalizedFields
            legend={t('surveysAdmin.question.option', { n: i + 1 })}
            value={o.label}
            onChange={(label) => setLabel(i, label)}
            errors={errors}
            path={`${path}.options.${i}.label`}
            disabled={readOnly}
          />
          <div className={o.redFlag ? 'red-flag-choice on' : 'red-flag-choice'}>
            <CheckboxField
              label={
                <>
                  {/* Which option's mark, for a screen reader going through the checkboxes alone. */}
                  <span className="visually-hidden">{t('surveysAdmin.question.option', { n: i + 1 })}: </span>
                  {t('surveysAdmin.question.redFlag')}
                </>
              }
              checked={o.redFlag === true}
              disabled={readOnly}
              onChange={(on) => setRedFlag(i, on)}
            />
          </div>
          {!readOnly && (
            <button type="button" className="button small secondary" onClick={() => remove(i)}>
              {t('surveysAdmin.question.removeOption', { n: i + 1 })}
            </button>
          )}
        </div>
      ))}
      {!readOnly && (
        <button
          type="button"
          className="button small secondary"
          onClick={() => onChange({ ...q, options: [...options, newOption(options)] })}
        >
          {t('surveysAdmin.question.addOption')}
        </button>
      )}
    </fieldset>
  );
}

/** The show-if: an earlier choice, scale or faces question, and the answers that show this one. */
function ConditionEditor({
  q,
  index,
  questions,
  readOnly,
  onChange,
}: {
  q: SurveyQuestion;
  index: number;
  questions: readonly SurveyQuestion[];
  readOnly: boolean;
  onChange: (q: SurveyQuestion) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const sources = conditionSources(questions, index);
  const source = sources.find((s) => s.id === q.showIf?.questionId);
  const without = () => {
    const { showIf: _showIf, ...rest } = q;
    return rest;
  };
  const toggle = (on: boolean) => onChange(on ? { ...q, showIf: { questionId: sources[0]?.id ?? '', anyOf: [] } } : without());
  const label = (s: SurveyQuestion) => {
    const text = s.text[lang] || LANGUAGES.map((l) => s.text[l]).find(Boolean) || s.id;
    return `${questions.indexOf(s) + 1}. ${text}`;
  };
  const valueLabel = (value: string) => {
    const option = source?.options?.find((o) => o.id === value);
    if (option) return option.label[lang] || option.id;
    return source?.type === 'faces' ? `${value} – ${t(`surveyQuestions.faces.${value}`)}` : value;
  };
  const anyOf = q.showIf?.anyOf ?? [];
  const setValue = (value: string, on: boolean) =>
    onChange({
      ...q,
      showIf: { questionId: q.showIf!.questionId, anyOf: conditionValues(source!).filter((v) => (v === value ? on : anyOf.includes(v))) },
    });
  if (sources.length === 0 && !q.showIf) return <p className="hint">{t('surveysAdmin.question.showIfNone')}</p>;
  return (
    <div>
      <CheckboxField label={t('surveysAdmin.question.showIf')} checked={Boolean(q.showIf)} disabled={readOnly} onChange={toggle} />
      {q.showIf && (
        <>
          <SelectField
            label={t('surveysAdmin.question.source')}
            value={q.showIf.questionId}
            disabled={readOnly}
            placeholder={t('surveysAdmin.question.sourcePlaceholder')}
            options={sources.map((s) => ({ value: s.id, label: label(s) }))}
            onChange={(questionId) => onChange({ ...q, showIf: { questionId, anyOf: [] } })}
          />
          {source && (
            <fieldset>
              <legend>{t('surveysAdmin.question.values')}</legend>
              <div className="condition-values">
                {conditionValues(source).map((value) => (
                  <CheckboxField
                    key={value}
                    label={valueLabel(value)}
                    checked={anyOf.includes(value)}
                    disabled={readOnly}
                    onChange={(on) => setValue(value, on)}
                  />
                ))}
              </div>
            </fieldset>
          )}
        </>
      )}
    </div>
  );
}
