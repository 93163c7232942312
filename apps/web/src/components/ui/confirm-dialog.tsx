import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';
import { useTranslation } from '@/lib/i18n';

/** A yes-or-no question before an action that matters (delete, lock, reset, leave with unsaved changes). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger,
  busy,
}: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog open={open} title={title} onClose={onCancel} closeLabel={t('ui.close')}>
      <div className="confirm-text">{text}</div>
      <div className="actions">
        <button type="button" className={`button${danger ? ' danger' : ''}`} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          {cancelLabel ?? t('ui.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
