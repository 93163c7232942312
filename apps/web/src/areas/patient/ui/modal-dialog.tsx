import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog>: `showModal` traps focus, makes the page behind inert and closes on Esc.
 * `onClose` runs however it closes (Esc, a close button, or `open` turning false).
 */
export function ModalDialog({
  open,
  title,
  onClose,
  children,
  headingLevel = 2,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Unmounted while open (the page moved on): close first, so the browser returns focus to the opener.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <Heading id={titleId} className="modal-title">
        {title}
      </Heading>
      {open && children}
    </dialog>
  );
}
