import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useTranslation } from '@/lib/i18n';
import { RETENTION_LABELS, type RetentionChange } from '../retention';

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
                  field: t(RETENTION_LABELS[c.field]),
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
