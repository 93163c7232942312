import './survey-questions-texts';
import './survey-questions.css';
import { useId, useState } from 'react';
import {
  FACES_MAX,
  FACES_MIN,
  SCALE_MAX,
  SCALE_MIN,
  SURVEY_TEXT_ANSWER_MAX,
  visibleQuestions,
  type Language,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyQuestion,
  languageTag,
} from '@prsp/contracts';
import { DateInWords, describedBy as describedByIds } from '@/components/ui/date-in-words';
import { useTranslation, type TFunction } from '@/lib/i18n';

export type SurveyQuestionsProps = {
  questions: readonly SurveyQuestion[];
  answers: SurveyAnswers;
  onChange: (answers: SurveyAnswers) => void;
  /** The survey's language: the questions and this component's own words are in it, whatever the page's is. */
  lang: Language;
  /** Message keys by question id (`required`, or the server's `fields.required`). */
  errors: Record<string, string | undefined>;
};

/**
 * A face from very unhappy (1) to very happy (5), drawn rather than an emoji: emoji depend on the device's fonts, and
 * a missing one shows as an empty box.
 */
function Face({ level }: { level: number }) {
  const bend = (level - (FACES_MIN + FACES_MAX) / 2) * 2.5;
  return (
    <svg className="face" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="8.5" cy="9.5" r="1.3" fill="currentColor" />
      <circle cx="15.5" cy="9.5" r="1.3" fill="currentColor" />
      <path d={`M7.5 16 Q12 ${16 + bend} 16.5 16`} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

/**
 * The questions of a survey as the patient sees them (the survey runner, the admin's preview): only those whose
 * conditions the answers meet, each a fieldset with its question as legend; choices, the 0–10 scale and the faces
 * are radio or checkbox groups, every control labelled, errors read with their question.
 */
export function SurveyQuestions({ questions, answers, onChange, lang, errors }: SurveyQuestionsProps) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(languageTag(lang));
  const prefix = useId();
  const set = (id: string, answer: SurveyAnswer | undefined) => {
    const next = { ...answers };
    if (answer === undefined) delete next[id];
    else next[id] = answer;
    onChange(next);
  };
  const shown = visibleQuestions(questions, answers);
  if (shown.length === 0) return <p className="hint">{t('surveyQuestions.noQuestions')}</p>;
  return (
    <fieldset className="survey-questions">
      {shown.map((q) => (
        <Question
          key={q.id}
          q={q}
          answer={answers[q.id]}
          onChange={(answer) => set(q.id, answer)}
          lang={lang}
          t={t}
          error={errors[q.id]}
          baseId={`${prefix}-${q.id}`}
        />
      ))}
    </fieldset>
  );
}

type QuestionProps = {
  q: SurveyQuestion;
  answer: SurveyAnswer | undefined;
  onChange: (answer: SurveyAnswer | undefined) => void;
  lang: Language;
  t: TFunction;
  error: string | undefined;
  baseId: string;
};

function errorText(t: TFunction, key: string): string {
  const bare = key.replace(/^fields\./, '');
  return t(`fields.${bare}`, { defaultValue: t('fields.invalid') });
}

function Question(props: QuestionProps) {
  const { q, lang, t, error, baseId } = props;
  const help = q.help?.[lang].trim();
  const legendId = `${baseId}-legend`;
  const helpId = help ? `${baseId}-help` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`survey-question${error ? ' has-error' : ''}`} aria-describedby={describedBy} data-question={q.id}>
      <legend id={legendId}>
        {q.text[lang]}
        {q.required && (
          <span className="required-mark">
            <span aria-hidden="true">*</span>
            <span className="visually-hidden">({t('surveyQuestions.required')})</span>
          </span>
        )}
      </legend>
      {help && (
        <p id={helpId} className="hint">
          {help}
        </p>
      )}
      <Control {...props} labelledBy={legendId} describedBy={describedBy} invalid={Boolean(error)} />
      {error && (
        <p id={errorId} className="field-error">
          {errorText(t, error)}
        </p>
      )}
    </fieldset>
  );
}

type ControlProps = QuestionProps & { labelledBy: string; describedBy?: string; invalid: boolean };

function Control({ q, answer, onChange, lang, t, baseId, labelledBy, describedBy, invalid }: ControlProps) {
  const name = `${baseId}-answer`;
  // Text, number and date stand alone: they take the legend as their label, and the error as their description.
  const field = {
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    required: q.required,
  };
  switch (q.type) {
    case 'single':
      return (
        <div>
          {(q.options ?? []).map((o) => (
            <label key={o.id} className="check">
              <input type="radio" name={name} value={o.id} checked={answer === o.id} onChange={() => onChange(o.id)} />
              <span>{o.label[lang]}</span>
            </label>
          ))}
        </div>
      );
    case 'multiple': {
      const chosen = Array.isArray(answer) ? answer : [];
      const toggle = (id: string, on: boolean) => {
        // Kept in the options' order, so the answer reads the same however it was clicked.
        const next = (q.options ?? []).map((o) => o.id).filter((o) => (o === id ? on : chosen.includes(o)));
        onChange(next.length ? next : undefined);
      };
      return (
        <div>
          {(q.options ?? []).map((o) => (
            <label key={o.id} className="check">
              <input type="checkbox" value={o.id} checked={chosen.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
              <span>{o.label[lang]}</span>
            </label>
          ))}
        </div>
      );
    }
    case 'scale':
    case 'faces': {
      const faces = q.type === 'faces';
      const values = faces ? range(FACES_MIN, FACES_MAX) : range(SCALE_MIN, SCALE_MAX);
      return (
        <div className={`survey-scale${faces ? ' faces' : ''}`}>
          {values.map((v) => (
            <label key={v}>
              <input type="radio" name={name} value={v} checked={answer === v} onChange={() => onChange(v)} />
              {faces ? (
                <>
                  <Face level={v} />
                  <span>{t(`surveyQuestions.faces.${v}`)}</span>
                </>
              ) : (
                <span>{v}</span>
              )}
            </label>
          ))}
        </div>
      );
    }
    case 'text':
      return (
        <textarea
          {...field}
          rows={4}
          maxLength={SURVEY_TEXT_ANSWER_MAX}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      );
    case 'date': {
      // The browser writes the field in its own language: the date in words in the survey's language beside it.
      const wordsId = `${baseId}-date-words`;
      const date = typeof answer === 'string' ? answer : '';
      return (
        <>
          <input
            {...field}
            aria-describedby={describedByIds(describedBy, wordsId)}
            type="date"
            value={date}
            onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          />
          <DateInWords id={wordsId} date={date} lang={lang} />
        </>
      );
    }
    case 'number':
      return <NumberAnswer q={q} answer={answer} onChange={onChange} t={t} field={field} baseId={baseId} />;
  }
}

/**
 * A number typed as text (a half-typed `37,` stays as typed) and answered as a number once it reads as one; a
 * decimal comma counts as a point, as Finns and Swedes write it.
 */
function NumberAnswer({
  q,
  answer,
  onChange,
  t,
  field,
  baseId,
}: Pick<QuestionProps, 'q' | 'answer' | 'onChange' | 't' | 'baseId'> & {
  field: { 'aria-labelledby': string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; required: boolean };
}) {
  const [text, setText] = useState(typeof answer === 'number' ? String(answer) : '');
  const rangeId = `${baseId}-range`;
  const hint =
    q.min !== undefined && q.max !== undefined
      ? t('surveyQuestions.range', { min: q.min, max: q.max })
      : q.min !== undefined
        ? t('surveyQuestions.atLeast', { min: q.min })
        : q.max !== undefined
          ? t('surveyQuestions.atMost', { max: q.max })
          : undefined;
  const change = (value: string) => {
    setText(value);
    const trimmed = value.trim().replace(',', '.');
    const n = Number(trimmed);
    onChange(trimmed === '' ? undefined : Number.isFinite(n) ? n : value);
  };
  return (
    <>
      {hint && (
        <p id={rangeId} className="hint">
          {hint}
        </p>
      )}
      <input
        {...field}
        aria-describedby={[hint ? rangeId : undefined, field['aria-describedby']].filter(Boolean).join(' ') || undefined}
        type="text"
        inputMode="decimal"
        value={text}
        onChange={(e) => change(e.target.value)}
      />
    </>
  );
}
