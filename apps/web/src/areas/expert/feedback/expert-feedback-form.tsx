import type { FormEvent } from 'react';
import { CHAT_LIMITS, ZExpertFeedbackRequest, type ExpertFeedbackRequest } from '@prsp/contracts';
import { FormAlert, TextAreaField } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { useZodForm } from '@/features/staff/use-zod-form';
import { ScoreScale } from '@/features/feedback/score-scale';
import { scoreValues } from '@/features/feedback/score-values';
import { useSendExpertFeedback } from './expert-feedback-api';
import { useTranslation } from '@/lib/i18n';

/**
 * The expert's own feedback on a chat that ended, asked inside the desk beside that chat (never a page of its own:
 * leaving the desk would unmount the other chats and any video call running in them). How easy it was to help the
 * patient (score type expertCes, 1–7) with an optional comment; sent or skipped, then `onDone`. A failed send says
 * 'Saving error' and keeps what was entered.
 */
export function ExpertFeedbackForm({ channelId, headingId, onDone }: { channelId: string; headingId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const feedback = useZodForm<{ score: number | null; comment: string }, ExpertFeedbackRequest>({
    schema: ZExpertFeedbackRequest,
    defaultValues: { score: null, comment: '' },
    toBody: ({ score, comment }) => {
      const text = comment.trim();
      return { channelId, score: score ?? Number.NaN, ...(text ? { comment: text } : {}) };
    },
    // A score is chosen first; the chat is the server's to check (a refusal says 'Saving error').
    rules: ({ score }, _body, { channelId: _channel, ...found }) => (score === null ? { ...found, score: 'chooseScore' } : found),
  });
  const { values, errors } = feedback;
  const send = useSendExpertFeedback();

  const submit = (e: FormEvent) =>
    feedback.submit(
      e,
      (body) =>
        send.mutate(body, {
          onSuccess: () => {
            showToast(t('expert.feedback.sent'));
            onDone();
          },
        }),
      (form) => form?.querySelector<HTMLInputElement>('input[name="score"]')?.focus(),
    );

  return (
    <section className="expert-feedback" aria-labelledby={headingId}>
      <h4 id={headingId} tabIndex={-1}>
        {t('expert.feedback.title')}
      </h4>
      <p>{t('expert.feedback.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <ScoreScale
          name="score"
          legend={t('expert.feedback.question')}
          options={scoreValues('expertCes').map((value) => ({ value, label: String(value) }))}
          value={values.score}
          onChange={(score) => feedback.set('score', score)}
          look="numbers"
          ends={{ low: t('expert.feedback.low'), high: t('expert.feedback.high') }}
          error={errors.score === 'chooseScore' ? t('expert.feedback.chooseScore') : undefined}
        />
        <TextAreaField
          label={t('expert.feedback.comment')}
          hint={t('expert.feedback.commentHint', { max: CHAT_LIMITS.textMax })}
          value={values.comment}
          onChange={(v) => feedback.set('comment', v.slice(0, CHAT_LIMITS.textMax))}
          rows={3}
        />
        <FormAlert message={send.isError ? t('expert.feedback.savingError') : undefined} />
        <div className="actions">
          <button type="submit" className="button" disabled={send.isPending}>
            {t('expert.feedback.send')}
          </button>
          <button type="button" className="button secondary" disabled={send.isPending} onClick={onDone}>
            {t('expert.feedback.skip')}
          </button>
        </div>
      </form>
    </section>
  );
}
