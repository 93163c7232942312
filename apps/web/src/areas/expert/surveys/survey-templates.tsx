import { useState, type FormEvent } from 'react';
import { isValidSsn, normalizeSsn, ZExpertSurveySend, type ExpertSurveySend, type SurveyTemplateListItem } from '@prsp/contracts';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert, TextField } from '@/components/ui/form-fields';
import { FormModal } from '@/components/ui/form-modal';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useZodForm } from '@/features/staff/use-zod-form';
import { useExpertTemplates, useSendSurvey } from './expert-surveys-api';

/** Sends one template to a patient by identity code (`POST survey-expert/send`); the patient finds it pending. */
function SendDialog({ template, onClose }: { template: SurveyTemplateListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const send = useSendSurvey();
  const form = useZodForm<{ ssn: string; name: string }, ExpertSurveySend>({
    schema: ZExpertSurveySend,
    defaultValues: { ssn: '', name: '' },
    toBody: (values) => ({ ...values, templateId: template.id }),
    rules: (values, _body, found) => (!found.ssn && !isValidSsn(values.ssn) ? { ...found, ssn: 'invalidSsn' } : found),
  });
  const { values } = form;
  const submit = (e: FormEvent) =>
    form.submit(e, (body) =>
      send.mutate(body, {
        onSuccess: () => {
          showToast(t('expertSurveys.templates.sent', { name: body.name.trim() }));
          onClose();
        },
        onError: (err) =>
          form.showErrors(err instanceof ApiError && err.statusCode === 105 ? { ssn: 'invalidSsn' } : serverFieldErrors(err)),
      }),
    );
  const failed =
    send.isError &&
    Object.keys(serverFieldErrors(send.error)).length === 0 &&
    !(send.error instanceof ApiError && send.error.statusCode === 105);
  return (
    <FormModal
      title={t('expertSurveys.templates.sendTitle', { name: template.name[lang] })}
      dirty={values.ssn !== '' || values.name !== ''}
      onClose={onClose}
      onSubmit={submit}
      failure={failed ? t('expertSurveys.templates.failed') : undefined}
      submitLabel={t('expertSurveys.templates.submit')}
      busy={send.isPending}
    >
      <TextField
        label={t('expertSurveys.templates.ssn')}
        autoComplete="off"
        {...form.field('ssn')}
        // The code as it is kept (trimmed, upper case), shown once typed: what the expert sees is what is stored.
        onBlur={() => form.form.setValue('ssn', normalizeSsn(values.ssn))}
      />
      <TextField label={t('expertSurveys.templates.patientName')} autoComplete="off" {...form.field('name')} />
    </FormModal>
  );
}

/** `/expert/surveys/templates`: the organisation's templates in use, each of which the expert can send to a patient. */
export function SurveyTemplates({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const templates = useExpertTemplates();
  const [sending, setSending] = useState<SurveyTemplateListItem | null>(null);
  const columns = [
    t('expertSurveys.templates.name'),
    t('expertSurveys.templates.kind'),
    t('expertSurveys.templates.version'),
    t('expertSurveys.templates.questions'),
    '',
  ];
  return (
    <>
      <FormAlert message={templates.isError ? t('ui.loadError') : undefined} />
      <DataTable<SurveyTemplateListItem>
        rows={templates.data?.filter((x) => !x.isArchived)}
        failed={templates.isError}
        caption={caption}
        empty={t('expertSurveys.none.templates')}
        columns={columns}
      >
        {(row) => (
          <tr key={row.id}>
            <td>{row.name[lang]}</td>
            <td>{t(`expertSurveys.templates.kinds.${row.kind}`)}</td>
            <td>{row.version}</td>
            <td>{row.questionCount}</td>
            <td>
              <button
                type="button"
                className="button small secondary"
                aria-label={t('expertSurveys.templates.sendNamed', { name: row.name[lang] })}
                onClick={() => setSending(row)}
              >
                {t('expertSurveys.templates.send')}
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      {sending && <SendDialog template={sending} onClose={() => setSending(null)} />}
    </>
  );
}
