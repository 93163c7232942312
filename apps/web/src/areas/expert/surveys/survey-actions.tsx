import type { FormEvent } from 'react';
import { ZSurveyForward, type ExpertSurveyItem, type SurveyForward } from '@prsp/contracts';
import { FormAlert, SelectField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useZodForm } from '@/features/staff/use-zod-form';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { useForwardSurvey, useRemindPatient, useSurveyExperts } from './expert-surveys-api';
import { canRemind, nextReminderAt } from './surveys-view';

/** Forward: the expert chooses a colleague of the organisation; a toast says to whom the answers went. */
export function ForwardDialog({ item, onClose }: { item: ExpertSurveyItem; onClose: () => void }) {
  const { t } = useTranslation();
  const experts = useSurveyExperts(true);
  const forward = useForwardSurvey();
  // A colleague must be chosen (`required`); the request is checked with the contract before it goes.
  const form = useZodForm<{ expertUuid: string }, SurveyForward>({
    schema: ZSurveyForward,
    defaultValues: { expertUuid: '' },
    toBody: ({ expertUuid }) => ({ responseId: item.responseId, expertUuid }),
    rules: ({ expertUuid }, _body, found) => (expertUuid ? found : { ...found, expertUuid: 'required' }),
  });
  const submit = (e: FormEvent) =>
    form.submit(e, (body) =>
      forward.mutate(body, {
        onSuccess: (done) => {
          showToast(t('expertSurveys.forward.done', { name: done.forwardedTo.name }));
          onClose();
        },
      }),
    );
  const options = (experts.data ?? []).map((x) => ({ value: x.id, label: x.name }));
  return (
    <ModalDialog open title={t('expertSurveys.forward.title')} closeLabel={t('ui.close')} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <FormAlert message={forward.isError || experts.isError ? t('expertSurveys.forward.failed') : undefined} />
        {experts.data && options.length === 0 ? (
          <p>{t('expertSurveys.forward.noExperts')}</p>
        ) : (
          <SelectField
            label={t('expertSurveys.forward.expert')}
            placeholder={t('expertSurveys.forward.choose')}
            options={options}
            required
            {...form.field('expertUuid')}
          />
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={forward.isPending || options.length === 0}>
            {t('expertSurveys.forward.submit')}
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            {t('expertSurveys.forward.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

function reminderFailureKey(err: unknown): string {
  if (err instanceof ApiError && err.statusCode === 429) return 'expertSurveys.reminder.tooSoon';
  return 'expertSurveys.reminder.failed';
}

/**
 * Send reminder, for a survey not yet answered (spec §4). While a recent reminder blocks a new one, the button is
 * disabled and says when the next may go.
 */
export function ReminderButton({ item }: { item: ExpertSurveyItem }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const remind = useRemindPatient();
  const next = nextReminderAt(item);
  if (next === null) return null;
  const allowed = canRemind(item, now);
  const onClick = () =>
    remind.mutate(item.responseId, {
      onSuccess: (done) =>
        done.email || done.sms ? showToast(t('expertSurveys.reminder.sent')) : showToast(t('expertSurveys.reminder.noContact'), 'error'),
      onError: (err) => showToast(t(reminderFailureKey(err)), 'error'),
    });
  return (
    <>
      <button type="button" className="button secondary" disabled={!allowed || remind.isPending} onClick={onClick}>
        {t('expertSurveys.answers.remind')}
      </button>
      {!allowed && <p className="hint">{t('expertSurveys.answers.nextReminder', { time: formatDateTime(next, currentLanguage()) })}</p>}
    </>
  );
}
