import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal on the native <dialog>: showModal() traps focus, makes the page behind inert and closes on Esc;
 * closing hands focus back to the control that opened it.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  wide,
  closable = true,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  closable?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // The element stays mounted so close() can hand focus back; its content exists only while open.
  return (
    <dialog
      ref={ref}
      className={`modal${wide ? ' wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Esc: the parent decides (a modal that must be answered stays open).
        e.preventDefault();
        if (closable) onClose();
      }}
    >
      {open && (
        <>
          <div className="modal-head">
            <h2 id={titleId}>{title}</h2>
            {closable && (
              <button type="button" className="icon-button" aria-label={t('staff.close')} onClick={onClose}>
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          <div className="modal-body">{children}</div>
        </>
      )}
    </dialog>
  );
}

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
    <Modal open={open} title={title} onClose={onCancel}>
      <div className="confirm-text">{text}</div>
      <div className="actions">
        <button type="button" className={`button${danger ? ' danger' : ''}`} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          {cancelLabel ?? t('staff.cancel')}
        </button>
      </div>
    </Modal>
  );
}
