import { useEffect, useState, type FormEvent } from 'react';
import { BOOKING_RULES, type OpenAppointment, type PatientAppointment, type Question } from '@prsp/contracts';
import { FormAlert, FormField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { formatCountdown } from '../appointments/appointment-rules';
import { MeetingKindLabel } from '../appointments/meeting-kind';
import { questionnaireAnswers, unansweredMandatory, type BookingFailure } from './booking-rules';
import { previousAnswers, useConfirmBooking } from './reschedule-mode';
import { StepHeading } from './step-heading';

const MINUTE = 60_000;

/**
 * Spec §2 'Book appointment', confirmation step: the hold's mm:ss countdown (ticking every second), the slot's
 * facts with how it is held (chat or video), the organisation's pre-questionnaire (each mandatory question needs an
 * answer, spec §5) and 'confirm booking'. The hold running out, or a refused booking, ends in the failed step, which
 * says which of the two it was.
 */
export function ConfirmStep({
  slot,
  holdUntil,
  holdMinutes,
  questions,
  onBooked,
  onFailed,
  onBack,
  rescheduleOf,
}: {
  slot: OpenAppointment;
  holdUntil: number;
  holdMinutes: number;
  questions: readonly Question[];
  onBooked: (appointment: PatientAppointment) => void;
  onFailed: (failure: BookingFailure) => void;
  onBack: () => void;
  /** Changing this appointment's time (issue 29): its answers fill the form, and confirming moves it here. */
  rescheduleOf?: PatientAppointment;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const now = useNow(BOOKING_RULES.countdownTickMs);
  const book = useConfirmBooking(rescheduleOf);
  const [answers, setAnswers] = useState<Record<string, string>>(() => previousAnswers(rescheduleOf));
  const [tried, setTried] = useState(false);
  const [serverRefusedAnswers, setServerRefusedAnswers] = useState(false);
  const left = holdUntil - now;
  const expired = left <= 0;

  useEffect(() => {
    if (expired && !book.isPending && !book.isSuccess) onFailed({ reason: 'expired', holdMinutes });
  }, [expired, book.isPending, book.isSuccess, onFailed, holdMinutes]);

  const missing = tried ? unansweredMandatory(questions, answers) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerRefusedAnswers(false);
    const unanswered = unansweredMandatory(questions, answers);
    if (unanswered.length > 0) {
      document.getElementById(`question-${unanswered[0]}`)?.focus();
      return;
    }
    book.mutate(
      { id: slot.uuid, questionnaireAnswers: questionnaireAnswers(questions, answers, lang) },
      {
        onSuccess: onBooked,
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.some((f) => f.field.startsWith('questionnaireAnswers'))) setServerRefusedAnswers(true);
          else onFailed({ reason: 'refused' });
        },
      },
    );
  };
  // Announced once a minute in the last five, not every second.
  const minutesLeft = Math.ceil(left / MINUTE);

  return (
    <section className="card booking-step" aria-labelledby="book-confirm-title">
      <StepHeading id="book-confirm-title" focus>
        {t('book.confirmTitle')}
      </StepHeading>
      <p className="hold-timer">
        <span id="hold-timer-label">{t('book.timeLeft')}</span>
        <strong role="timer" aria-labelledby="hold-timer-label">
          {formatCountdown(left)}
        </strong>
      </p>
      <p className="visually-hidden" role="status">
        {minutesLeft <= 5 && minutesLeft > 0 ? t('book.minutesLeft', { count: minutesLeft }) : ''}
      </p>
      <p className="hint">{t('book.holdNote', { count: holdMinutes })}</p>
      <dl className="facts">
        <dt>{t('appointment.time')}</dt>
        <dd>{formatDateTime(slot.startTime, lang, { style: 'weekday' })}</dd>
        <dt>{t('appointment.duration')}</dt>
        <dd>{t('appointment.minutes', { count: slot.duration })}</dd>
        <dt>{t('book.expert')}</dt>
        <dd>{slot.name}</dd>
        <dt>{t('appointment.kind')}</dt>
        <dd>
          <MeetingKindLabel kind={slot.kind} />
        </dd>
      </dl>
      <form noValidate onSubmit={submit}>
        {questions.length > 0 && (
          <fieldset className="booking-questions">
            <legend>{t('book.questionsTitle')}</legend>
            {questions.some((q) => q.isMandatory) && <p className="hint">{t('book.questionsIntro')}</p>}
            {rescheduleOf?.preQuestionnaire?.length ? <p className="hint">{t('reschedule.answersKept')}</p> : null}
            {questions.map((q) => (
              <FormField
                key={q.id}
                id={`question-${q.id}`}
                label={
                  <>
                    {q.content[lang] || q.content.fi}
                    {q.isMandatory && <span className="required-mark"> {t('book.requiredMark')}</span>}
                  </>
                }
                error={missing.includes(q.id) ? t('book.answerRequired') : undefined}
              >
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    maxLength={2000}
                    required={q.isMandatory}
                    value={answers[q.id] ?? ''}
                    onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })}
                  />
                )}
              </FormField>
            ))}
          </fieldset>
        )}
        <FormAlert message={missing.length > 0 || serverRefusedAnswers ? t('book.answerAllRequired') : undefined} />
        <div className="actions">
          <button type="submit" className="button" disabled={book.isPending || expired}>
            {rescheduleOf ? t('reschedule.confirm') : t('book.confirm')}
          </button>
          <button type="button" className="button secondary" onClick={onBack}>
            {t('book.back')}
          </button>
        </div>
      </form>
    </section>
  );
}
