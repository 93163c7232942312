import './survey-questions-texts';
import './survey-questions.css';
import {
  answerText,
  isRedFlagAnswer,
  languageTag,
  visibleQuestions,
  type Language,
  type SurveyAnswers,
  type SurveyQuestion,
} from '@prsp/contracts';
import { useTranslation } from '@/lib/i18n';

/**
 * Answers given, as plain text to read (what the PDF lists): each question shown to the patient with its answer in
 * words, one left unanswered saying so. Not the form greyed out: disabled controls are hard to read and look broken.
 * `markRedFlags` (the professional's reading): an answer picking a red-flag option says "Hälytysvastaus" before it.
 */
export function SurveyAnswersSummary({
  questions,
  answers,
  lang,
  markRedFlags = false,
}: {
  questions: readonly SurveyQuestion[];
  answers: SurveyAnswers;
  lang: Language;
  markRedFlags?: boolean;
}) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(languageTag(lang));
  const shown = visibleQuestions(questions, answers);
  if (shown.length === 0) return <p className="hint">{t('surveyQuestions.noQuestions')}</p>;
  return (
    <dl className="survey-answers-summary">
      {shown.map((q) => {
        const flagged = markRedFlags && isRedFlagAnswer(q, answers[q.id]);
        return (
          <div key={q.id} className={flagged ? 'red-flag-answer' : undefined}>
            <dt>{q.text[lang]}</dt>
            <dd>
              {flagged && <strong className="red-flag-mark">{t('surveyQuestions.redFlag')}: </strong>}
              {answerText(q, answers[q.id], lang) || <span className="muted">{t('surveyQuestions.noAnswer')}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
