import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Focus back on the control that opened a dialog, if it is still there and focus has nowhere else to be. */
function refocus(opener: Element | null) {
  const lost = document.activeElement === null || document.activeElement === document.body;
  if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
}

/**
 * A modal on the native <dialog>, for the patient and the staff areas: `showModal` traps focus, makes the page
 * behind inert, and closing hands focus back to the control that opened it. The parent owns `open`: Esc and the
 * × button only ask it (`onClose`), so a modal that must be answered (`closable={false}`) stays open and a form
 * can check for unsaved changes first.
 */
export function ModalDialog({
  open,
  title,
  onClose,
  children,
  headingLevel = 2,
  wide,
  closable = true,
  closeLabel,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  headingLevel?: 1 | 2;
  wide?: boolean;
  closable?: boolean;
  /** Accessible name of a × button in the head; without it there is none (the content has its own close). */
  closeLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      refocus(opener.current);
    }
  }, [open]);
  // Unmounted while open (Esc or a save closed it, the page moved on): the <dialog> has left the document before
  // this runs, so the browser cannot hand focus back by itself and it would fall to <body>.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
      refocus(opener.current);
    };
  }, []);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // The element stays mounted so close() can hand focus back; its content exists only while open.
  return (
    <dialog
      ref={ref}
      className={`modal${wide ? ' wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (closable) onClose();
      }}
    >
      {open && (
        <>
          <div className="modal-head">
            <Heading id={titleId} className="modal-title">
              {title}
            </Heading>
            {closable && closeLabel && (
              <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
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
