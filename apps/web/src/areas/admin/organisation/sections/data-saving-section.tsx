import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/ui/form-fields';
import { daysForEntry } from '../retention';
import type { Editor } from '../organisation-editor';

/**
 * Spec §3 'Data retention' and §5 'Data saving': experts' and admins' data in months (kept as days,
 * × 30.437 rounded), patients' in days as entered. Empty keeps the data.
 */
export function DataSavingSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { draft, errors, setText, readOnly } = editor;
  const monthsHint = (entry: string) => {
    const days = daysForEntry(entry);
    return days === undefined ? t('admin.org.retention.monthsHint') : t('admin.org.retention.daysEquivalent', { days });
  };
  return (
    <section className="card" aria-labelledby="org-retention">
      <h2 id="org-retention">{t('admin.org.retention.title')}</h2>
      <p>{t('admin.org.retention.text')}</p>
      <fieldset disabled={readOnly} className="form-grid">
        <legend className="visually-hidden">{t('admin.org.retention.title')}</legend>
        <TextField
          label={t('admin.org.retention.expertMonths')}
          inputMode="numeric"
          hint={monthsHint(draft.text.dataSavingExpertMonths)}
          value={draft.text.dataSavingExpertMonths}
          onChange={(v) => setText('dataSavingExpertMonths', v)}
          error={errors.dataSavingExpertMonths}
        />
        <TextField
          label={t('admin.org.retention.adminMonths')}
          inputMode="numeric"
          hint={monthsHint(draft.text.dataSavingAdminMonths)}
          value={draft.text.dataSavingAdminMonths}
          onChange={(v) => setText('dataSavingAdminMonths', v)}
          error={errors.dataSavingAdminMonths}
        />
        <TextField
          label={t('admin.org.retention.patientDays')}
          inputMode="numeric"
          hint={t('admin.org.retention.daysHint')}
          value={draft.text.dataSavingPatientDays}
          onChange={(v) => setText('dataSavingPatientDays', v)}
          error={errors.dataSavingPatientDays}
        />
      </fieldset>
    </section>
  );
}
