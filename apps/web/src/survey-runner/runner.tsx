import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkAnswers, type RunnerSurvey, type SurveyAnswers } from '@prsp/contracts';
import { SurveyAnswersSummary } from '../features/surveys/survey-answers-summary';
import { SurveyQuestions } from '../features/surveys/survey-questions';
import { loadSurvey, RunnerError, sendAnswers } from './runner-api';
import { postToParent, reportHeight } from './runner-parent';
import { useTranslation } from '../lib/i18n';

type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; survey: RunnerSurvey } | { phase: 'sent' };

/** Field errors of the server (`answers.{questionId}`: `fields.{key}`) by question id, as `checkAnswers` gives them. */
function byQuestion(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, key]) => [field.replace(/^answers\./, ''), key.replace(/^fields\./, '')]));
}

/**
 * The survey runner: the survey its token names, in the token's language. A patient answers once and the page
 * around is told `close`; an answered survey is shown read-only (the patient may close it), a closed one closes at
 * once, and an expert only reads.
 */
export function Runner({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: token ? 'loading' : 'error' });
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const content = useRef<HTMLElement>(null);

  useEffect(() => (content.current ? reportHeight(content.current) : undefined), []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    loadSurvey(token).then(
      (survey) => {
        if (!live) return;
        setAnswers(survey.answers ?? {});
        setState({ phase: 'ready', survey });
        postToParent({ type: 'ready' });
        if (survey.closed && survey.audience === 'patient') postToParent({ type: 'close' });
      },
      () => live && setState({ phase: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const submit = async (event: FormEvent, survey: RunnerSurvey) => {
    event.preventDefault();
    if (!token || sending) return;
    setSendFailed(false);
    const checked = checkAnswers(survey.questions, answers);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await sendAnswers(token, checked.answers);
      setState({ phase: 'sent' });
      postToParent({ type: 'close' });
    } catch (err) {
      const fields = err instanceof RunnerError ? byQuestion(err.fields) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setSendFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <main ref={content} className="runner">
      {state.phase === 'loading' && <p role="status">{t('surveyFrame.runner.loading')}</p>}
      {state.phase === 'error' && (
        <p className="alert" role="alert">
          {t('surveyFrame.runner.error')}
        </p>
      )}
      {state.phase === 'sent' && <h1>{t('surveyFrame.closedTitle')}</h1>}
      {state.phase === 'ready' && (
        <SurveyForm
          survey={state.survey}
          answers={answers}
          errors={errors}
          sending={sending}
          sendFailed={sendFailed}
          onChange={setAnswers}
          onSubmit={(e) => void submit(e, state.survey)}
        />
      )}
    </main>
  );
}

type FormProps = {
  survey: RunnerSurvey;
  answers: SurveyAnswers;
  errors: Record<string, string>;
  sending: boolean;
  sendFailed: boolean;
  onChange: (answers: SurveyAnswers) => void;
  onSubmit: (event: FormEvent) => void;
};

function SurveyForm({ survey, answers, errors, sending, sendFailed, onChange, onSubmit }: FormProps) {
  const { t } = useTranslation();
  const lang = survey.language;
  const intro = survey.intro[lang].trim();
  const canClose = survey.readOnly && survey.audience === 'patient';
  return (
    <form className="runner-form" noValidate onSubmit={onSubmit}>
      <h1>{survey.name[lang]}</h1>
      {intro && <p className="runner-intro">{intro}</p>}
      {survey.readOnly && survey.audience === 'patient' && <p className="hint">{t('surveyFrame.runner.answered')}</p>}
      {!survey.readOnly && <p className="hint">{t('surveyFrame.runner.required')}</p>}
      {/* Answered: the answers as text to read (the nurse's view, the patient's own), not the form greyed out. */}
      {survey.readOnly ? (
        <SurveyAnswersSummary questions={survey.questions} answers={answers} lang={lang} />
      ) : (
        <SurveyQuestions questions={survey.questions} answers={answers} onChange={onChange} lang={lang} errors={errors} />
      )}
      {Object.keys(errors).length > 0 && (
        <p className="alert" role="alert">
          {t('surveyFrame.runner.fixErrors')}
        </p>
      )}
      {sendFailed && (
        <p className="alert" role="alert">
          {t('surveyFrame.runner.sendError')}
        </p>
      )}
      <div className="actions">
        {!survey.readOnly && (
          <button type="submit" className="button" disabled={sending}>
            {sending ? t('surveyFrame.runner.sending') : t('surveyFrame.runner.send')}
          </button>
        )}
        {canClose && (
          <button type="button" className="button" onClick={() => postToParent({ type: 'close' })}>
            {t('surveyFrame.runner.close')}
          </button>
        )}
      </div>
    </form>
  );
}
