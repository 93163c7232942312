import { useState } from 'react';
import '@/features/surveys/survey-frame-texts';
import {
  checkAnswers,
  hasRedFlag,
  LANGUAGES,
  type Language,
  type Localized,
  type SurveyAnswers,
  type SurveyQuestion,
  languageTag,
} from '@prsp/contracts';
import { EmergencyNotice } from '@/features/emergency/emergency-notice';
import { SurveyQuestions } from '@/features/surveys/survey-questions';
import { currentLanguage, useTranslation } from '@/lib/i18n';

/**
 * The survey as a patient sees it, in a chosen language: the same question renderer as the survey runner, with
 * answers kept here so conditions show and hide questions live, and the runner's check on demand. The red-flag
 * options are named under the questions, and picking one shows the emergency instruction as the runner does.
 */
export function SurveyPreview({ name, intro, questions }: { name: Localized; intro: Localized; questions: readonly SurveyQuestion[] }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>(currentLanguage());
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  // Clearing starts the questions afresh (a number field keeps what is typed until then).
  const [round, setRound] = useState(0);
  const change = (next: SurveyAnswers) => {
    setAnswers(next);
    setChecked(false);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([id]) => next[id] === answers[id])));
  };
  const redFlags = questions.flatMap((q) => (q.options ?? []).filter((o) => o.redFlag).map((o) => o.label[lang] || o.id));
  const redFlagPicked = hasRedFlag(questions, answers);
  const check = () => {
    const result = checkAnswers(questions, answers);
    setErrors(result.ok ? {} : result.errors);
    setChecked(result.ok);
  };
  return (
    <section className="card survey-preview" aria-labelledby="survey-preview-title">
      <h2 id="survey-preview-title">{t('surveysAdmin.preview.title')}</h2>
      <p className="hint">{t('surveysAdmin.preview.intro')}</p>
      <div className="lang-choice" role="group" aria-label={t('surveysAdmin.preview.language')}>
        {LANGUAGES.map((l) => (
          <button key={l} type="button" className="button small secondary" aria-pressed={l === lang} onClick={() => setLang(l)}>
            {t(`ui.languageNames.${l}`)}
          </button>
        ))}
      </div>
      <div lang={languageTag(lang)} data-preview-lang={lang}>
        <h3>{name[lang]}</h3>
        {intro[lang].trim() && <p className="runner-intro">{intro[lang]}</p>}
        <SurveyQuestions key={round} questions={questions} answers={answers} onChange={change} lang={lang} errors={errors} />
      </div>
      {redFlags.length > 0 && <p className="red-flag-list">{t('surveysAdmin.preview.redFlags', { options: redFlags.join(', ') })}</p>}
      {redFlagPicked && (
        <>
          <p className="hint">{t('surveysAdmin.preview.redFlagPicked')}</p>
          <EmergencyNotice
            moveFocus={false}
            text={t('surveyFrame.runner.redFlagText')}
            continueLabel={t('surveyFrame.runner.sendAnyway')}
            onContinue={check}
          />
        </>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={check}>
          {t('surveysAdmin.preview.check')}
        </button>
        <button
          type="button"
          className="button link"
          onClick={() => {
            setAnswers({});
            setErrors({});
            setChecked(false);
            setRound((r) => r + 1);
          }}
        >
          {t('surveysAdmin.preview.reset')}
        </button>
      </div>
      <p role="status">{checked ? t('surveysAdmin.preview.ok') : ''}</p>
    </section>
  );
}
