import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §4 'Unsaved changes are warned about before leaving': in-app navigation asks in a dialog,
 * closing or reloading the tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('ui.unsaved.title')}
      text={<p>{t('ui.unsaved.text')}</p>}
      confirmLabel={t('ui.unsaved.leave')}
      cancelLabel={t('ui.unsaved.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/**
 * For a form in a modal: closing it with changes asks first (and in-app navigation is guarded meanwhile).
 * Returns the close handler to give the modal and the elements to render beside it.
 */
export function useDiscardGuard(dirty: boolean, onClose: () => void) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : onClose());
  const element = (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <ConfirmDialog
        open={asking}
        title={t('ui.unsaved.title')}
        text={<p>{t('ui.unsaved.text')}</p>}
        confirmLabel={t('ui.unsaved.leave')}
        cancelLabel={t('ui.unsaved.stay')}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
  return { requestClose, element };
}
