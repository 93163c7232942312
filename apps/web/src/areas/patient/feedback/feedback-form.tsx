import { useRef, useState, type FormEvent } from 'react';
import { CHAT_LIMITS } from '@prsp/contracts';
import { FormAlert, TextAreaField } from '@/components/ui/form-fields';
import { ScoreScale, type ScoreLook, type ScoreOption } from '@/features/feedback/score-scale';
import { scoreValues } from '@/features/feedback/score-values';
import { useSendFeedback } from '../api/feedback-api';
import { feedbackRequest, type FeedbackRouteState, type PatientScoreType } from './feedback-rules';
import { useTranslation } from '@/lib/i18n';

const LOOKS: Record<PatientScoreType, ScoreLook> = { nps: 'numbers', ces: 'faces', care: 'words' };

/**
 * Spec §4 'Feedback' form: the score question of the chosen type, an optional comment (2000 characters), then Send
 * (the score is needed) or Skip (nothing is sent). Either way the thank-you follows; a failed send says
 * 'Saving error' and keeps what was entered.
 */
export function FeedbackForm({
  scoreType,
  chat,
  organisation,
  onDone,
}: {
  scoreType: PatientScoreType;
  chat: FeedbackRouteState | null;
  organisation: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missingScore, setMissingScore] = useState(false);
  const send = useSendFeedback();

  const options: ScoreOption[] = scoreValues(scoreType).map((value) => ({
    value,
    label: scoreType === 'nps' ? String(value) : t(`feedback.${scoreType}.options.${value}`),
  }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (score === null) {
      setMissingScore(true);
      form.current?.querySelector<HTMLInputElement>('input[name="score"]')?.focus();
      return;
    }
    send.mutate(feedbackRequest({ score, comment, scoreType, chat, organisation, viewportWidth: window.innerWidth }), {
      onSuccess: onDone,
    });
  };

  return (
    <section className="card">
      <h1>{t('feedback.title')}</h1>
      <p>{t('feedback.intro')}</p>
      <form ref={form} className="form" onSubmit={submit} noValidate>
        <ScoreScale
          name="score"
          legend={t(`feedback.${scoreType}.question`)}
          options={options}
          value={score}
          onChange={setScore}
          look={LOOKS[scoreType]}
          ends={scoreType === 'nps' ? { low: t('feedback.nps.low'), high: t('feedback.nps.high') } : undefined}
          error={missingScore && score === null ? t('feedback.chooseScore') : undefined}
        />
        <TextAreaField
          label={t('feedback.comment')}
          hint={t('feedback.commentHint', { max: CHAT_LIMITS.textMax })}
          value={comment}
          onChange={(v) => setComment(v.slice(0, CHAT_LIMITS.textMax))}
          rows={4}
        />
        <FormAlert message={send.isError ? t('feedback.savingError') : undefined} />
        <div className="actions">
          <button type="submit" className="button" disabled={send.isPending}>
            {t('feedback.send')}
          </button>
          <button type="button" className="button secondary" disabled={send.isPending} onClick={onDone}>
            {t('feedback.skip')}
          </button>
        </div>
      </form>
    </section>
  );
}
