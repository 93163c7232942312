import { RETENTION_MINIMUMS } from '@prsp/contracts';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { TextField } from '../../../../components/ui/form-fields';
import { retentionDays, type RetentionChange, type RetentionField } from '../retention';
import type { Editor } from '../organisation-editor';
import { useTranslation } from '../../../../lib/i18n';

const LABELS: Record<RetentionField, string> = {
  dataSavingExpertMonths: 'admin.org.retention.expertMonths',
  dataSavingAdminMonths: 'admin.org.retention.adminMonths',
  dataSavingPatientDays: 'admin.org.retention.patientDays',
};

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
      label={t(LABELS[name])}
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

/** Asks before a save that shortens data saving: the next nightly run deletes what is older, for good. */
export function ShortenRetentionDialog({
  changes,
  busy,
  onConfirm,
  onCancel,
}: {
  changes: readonly RetentionChange[];
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const shown = (change: RetentionChange, value: string) => (value === '' ? t('admin.org.retention.kept') : value);
  return (
    <ConfirmDialog
      open={changes.length > 0}
      title={t('admin.org.retention.shortenTitle')}
      text={
        <>
          <ul>
            {changes.map((c) => (
              <li key={c.field}>
                {t('admin.org.retention.shortenItem', {
                  field: t(LABELS[c.field]),
                  before: shown(c, c.before),
                  after: c.after,
                  days: c.days,
                })}
              </li>
            ))}
          </ul>
          <p>{t('admin.org.retention.shortenText')}</p>
        </>
      }
      confirmLabel={t('admin.org.retention.shortenConfirm')}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
