import type { FormEvent, ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';
import { FormAlert } from './form-fields';
import { useDiscardGuard } from './unsaved-changes';
import { useTranslation } from '@/lib/i18n';

/**
 * An admin form in a wide modal: the failure alert on top (focused as it shows, so it scrolls into view and a screen
 * reader is there), submit and cancel below. With unsaved changes, closing (×, Esc, cancel) or navigating away asks first.
 */
export function FormModal({
  title,
  dirty,
  onClose,
  onSubmit,
  failure,
  submitLabel,
  busy,
  children,
}: {
  title: string;
  dirty: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  failure: string | undefined;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const discard = useDiscardGuard(dirty, onClose);
  return (
    <ModalDialog open wide closeLabel={t('ui.close')} title={title} onClose={discard.requestClose}>
      {discard.element}
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={failure} focus />
        {children}
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {submitLabel}
          </button>
          <button type="button" className="button secondary" onClick={discard.requestClose}>
            {t('ui.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
