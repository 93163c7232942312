import { RETENTION_MINIMUMS } from '@prsp/contracts';
import { TextField } from '@/components/ui/form-fields';
import { RETENTION_LABELS, retentionDays, type RetentionField } from '../retention';
import type { Editor } from '../organisation-editor';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §3 'Data retention' and §5 'Data saving': experts' and admins' data in months (kept as days,
 * × 30.437 rounded), patients' in days as entered. Empty keeps the data. Each field tells its minimum
 * (RETENTION_MINIMUMS, docs/retention.md) and what the entered value means in days.
 */
export function DataSavingSection({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { draft, errors, setText, readOnly } = editor;
  const hint = (field: RetentionField, minimum: string) => {
    const days = retentionDays(field, draft.text[field]);
    const meaning =
      draft.text[field].trim() === ''
        ? t('admin.org.retention.keeps')
        : days === undefined
          ? ''
          : t('admin.org.retention.deletesAfter', { days });
    return [minimum, meaning].filter(Boolean).join(' ');
  };
  const field = (name: RetentionField, minimum: string) => (
    <TextField
      label={t(RETENTION_LABELS[name])}
      inputMode="numeric"
      hint={hint(name, minimum)}
      value={draft.text[name]}
      onChange={(v) => setText(name, v)}
      error={errors[name]}
    />
  );
  return (
    <section className="card" aria-labelledby="org-retention">
      <h2 id="org-retention">{t('admin.org.retention.title')}</h2>
      <p>{t('admin.org.retention.text')}</p>
      <fieldset disabled={readOnly} className="form-grid">
        <legend className="visually-hidden">{t('admin.org.retention.title')}</legend>
        {field('dataSavingExpertMonths', t('admin.org.retention.minimumMonths', { months: RETENTION_MINIMUMS.expertMonths }))}
        {field('dataSavingAdminMonths', t('admin.org.retention.minimumMonths', { months: RETENTION_MINIMUMS.adminMonths }))}
        {field('dataSavingPatientDays', t('admin.org.retention.minimumDays', { days: RETENTION_MINIMUMS.patientDays }))}
      </fieldset>
    </section>
  );
}
