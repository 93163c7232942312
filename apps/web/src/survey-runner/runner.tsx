import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkAnswers, hasRedFlag, type RunnerSurvey, type SurveyAnswers } from '@prsp/contracts';
import { EmergencyNotice } from '../features/emergency/emergency-notice';
import { SurveyAnswersSummary } from '../features/surveys/survey-answers-summary';
import { SurveyQuestions } from '../features/surveys/survey-questions';
import { loadSurvey, RunnerError, sendAnswers } from './runner-api';
import { postToParent, reportHeight } from './runner-parent';
import { useTranslation } from '../lib/i18n';

type State =
  | { phase: 'loading' }
  | { phase: 'error' }
  | { phase: 'ready'; survey: RunnerSurvey }
  /** `redFlag`: the server read a red-flag answer in what was sent (issue 29). */
  | { phase: 'sent'; redFlag: boolean };

/** Field errors of the server (`answers.{questionId}`: `fields.{key}`) by question id, as `checkAnswers` gives them. */
function byQuestion(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, key]) => [field.replace(/^answers\./, ''), key.replace(/^fields\./, '')]));
}

/**
 * The survey runner: the survey its token names, in the token's language. A patient answers once and the page
 * around is told `close`; an answered survey is shown read-only (the patient may close it), a closed one closes at
 * once, and an expert only reads. Red-flag answers (issue 29): picking an option marked as one shows the emergency
 * instruction above the send button at once; when the server says the answers sent hold one, the instruction stays
 * on the screen until the patient goes on, and only then is the page around told `close`.
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
      const sent = await sendAnswers(token, checked.answers);
      setState({ phase: 'sent', redFlag: sent.redFlag });
      if (!sent.redFlag) postToParent({ type: 'close' });
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
      {state.phase === 'sent' && !state.redFlag && <h1>{t('surveyFrame.closedTitle')}</h1>}
      {state.phase === 'sent' && state.redFlag && (
        <EmergencyNotice
          text={t('surveyFrame.runner.redFlagText')}
          continueLabel={t('surveyFrame.runner.continue')}
          onContinue={() => postToParent({ type: 'close' })}
        />
      )}
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
  const form = useRef<HTMLFormElement>(null);
  const lang = survey.language;
  const intro = survey.intro[lang].trim();
  const canClose = survey.readOnly && survey.audience === 'patient';
  // Read from the definition as the patient answers; the server decides again from what is sent.
  const redFlagPicked = !survey.readOnly && hasRedFlag(survey.questions, answers);
  return (
    <form ref={form} className="runner-form" noValidate onSubmit={onSubmit}>
      <h1>{survey.name[lang]}</h1>
      {intro && <p className="runner-intro">{intro}</p>}
      {survey.readOnly && survey.audience === 'patient' && <p className="hint">{t('surveyFrame.runner.answered')}</p>}
      {!survey.readOnly && <p className="hint">{t('surveyFrame.runner.required')}</p>}
      {/* Answered: the answers as text to read (the nurse's view, the patient's own), not the form greyed out. */}
      {survey.readOnly && survey.audience === 'expert' && survey.redFlag && (
        <p className="alert red-flag-summary">{t('surveyFrame.runner.redFlagAnswers')}</p>
      )}
      {survey.readOnly ? (
        <SurveyAnswersSummary questions={survey.questions} answers={answers} lang={lang} markRedFlags={survey.audience === 'expert'} />
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
      {/* The instruction takes the send button's place: calling 112 comes first, sending the answers after it. */}
      {redFlagPicked && (
        <EmergencyNotice
          moveFocus={false}
          text={t('surveyFrame.runner.redFlagText')}
          continueLabel={sending ? t('surveyFrame.runner.sending') : t('surveyFrame.runner.sendAnyway')}
          onContinue={() => form.current?.requestSubmit()}
        />
      )}
      <div className="actions">
        {!survey.readOnly && !redFlagPicked && (
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
