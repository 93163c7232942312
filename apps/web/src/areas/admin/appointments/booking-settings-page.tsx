import type { FormEvent } from 'react';
import { ZBookingSettings, type BookingSettings, type StaffUserData } from '@prsp/contracts';
import { CheckboxField, FormAlert } from '@/components/ui/form-fields';
import { LocalizedFields } from '@/components/ui/localized-fields';
import { QueryState } from '@/components/ui/query-state';
import { showToast } from '@/components/ui/toasts';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes';
import { useZodForm } from '@/features/staff/use-zod-form';
import { saveFailureKey } from '@/lib/form-errors';
import { usePageTitle } from '@/lib/use-page-title';
import { useBookingSettings, useSaveBookingSettings } from './bookings-api';
import { useTranslation } from '@/lib/i18n';

/** `/admin/appointments/customizable`: the book page's info text per language and which reminders go out. */
export function BookingSettingsPage({ user }: { user: StaffUserData }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.appointmentsCustomizable'));
  const settings = useBookingSettings();
  if (!settings.data) return <QueryState error={settings.error} onRetry={() => void settings.refetch()} />;
  return <SettingsForm stored={settings.data} canEdit={user.rights.bookings.edit} />;
}

function SettingsForm({ stored, canEdit }: { stored: BookingSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveBookingSettings();
  const settings = useZodForm<BookingSettings>({ schema: ZBookingSettings, defaultValues: stored });
  const { values: form, errors, dirty } = settings;

  const submit = (e: FormEvent) =>
    settings.submit(e, (sent) =>
      save.mutate(sent, {
        onSuccess: () => {
          settings.markSaved(sent);
          showToast(t('staff.saved'));
        },
        onError: settings.showServerErrors,
      }),
    );

  const failureKey = saveFailureKey(save.error);
  const saveButton = canEdit && (
    <button type="submit" className="button" disabled={save.isPending}>
      {t('staff.save')}
    </button>
  );
  return (
    <form className="section-stack" noValidate onSubmit={submit}>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <div className="page-head">
        <h1>{t('admin.bookingSettings.title')}</h1>
        {saveButton}
      </div>
      <p>{t('admin.bookingSettings.intro')}</p>
      {!canEdit && <p className="notice">{t('admin.readOnly')}</p>}
      <FormAlert message={failureKey ? t(failureKey) : undefined} />
      <section className="card form">
        <LocalizedFields
          legend={t('admin.bookingSettings.infoText')}
          hint={t('admin.bookingSettings.infoTextHint')}
          multiline
          rows={5}
          value={form.infoText}
          onChange={(infoText) => settings.set('infoText', infoText)}
          errors={errors}
          path="infoText"
          disabled={!canEdit}
        />
      </section>
      <section className="card form">
        <fieldset disabled={!canEdit}>
          <legend>{t('admin.bookingSettings.reminders')}</legend>
          <CheckboxField
            label={t('admin.bookingSettings.reminderEmail')}
            hint={t('admin.bookingSettings.reminderEmailHint')}
            {...settings.checkbox('reminderEmail')}
          />
          <CheckboxField
            label={t('admin.bookingSettings.reminderSms')}
            hint={t('admin.bookingSettings.reminderSmsHint')}
            {...settings.checkbox('reminderSms')}
          />
        </fieldset>
      </section>
      {saveButton && <div className="actions">{saveButton}</div>}
    </form>
  );
}
