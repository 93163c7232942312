import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { unlockSlot, unlockSlotOnUnload } from '../api/booking-api';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §4 'Booking flow': leaving the confirmation step while a slot is held (the page's own back button, the
 * browser's Back or any in-app navigation, to another page or to the book page again) asks first in the
 * leave-unconfirmed modal; continuing unlocks the slot, then leaves. Closing
 * or reloading the tab gets the browser's own question and, if the patient goes anyway, a best-effort unlock.
 * A session expiry (`?unauthorized`) is never held up: nothing can be unlocked without a session, and the
 * server releases the hold when it runs out.
 *
 * `requestBack` asks before `onBack`; `release` forgets the hold without unlocking (booked, or run out).
 */
export function useHoldGuard(heldUuid: string | null, onBack: () => void) {
  const { t } = useTranslation();
  const [askingBack, setAskingBack] = useState(false);
  const [busy, setBusy] = useState(false);
  const held = useRef(heldUuid);
  useEffect(() => {
    held.current = heldUuid;
  }, [heldUuid]);

  // Read at the navigation, not at the last render: the modal's 'leave' lets go of the hold and then navigates.
  const blocker = useBlocker(({ nextLocation }) => held.current !== null && !nextLocation.search.includes('unauthorized'));

  useEffect(() => {
    if (!heldUuid) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const release = () => unlockSlotOnUnload(heldUuid);
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', release);
    };
  }, [heldUuid]);

  // Whatever else takes the page away (a session expiry, say) still gives the slot back.
  useEffect(
    () => () => {
      if (held.current) void unlockSlot(held.current);
    },
    [],
  );

  const leaving = askingBack || blocker.state === 'blocked';
  const element = (
    <ConfirmDialog
      open={leaving}
      title={t('book.leave.title')}
      text={<p>{t('book.leave.text')}</p>}
      confirmLabel={t('book.leave.confirm')}
      cancelLabel={t('book.leave.stay')}
      busy={busy}
      onCancel={() => {
        setAskingBack(false);
        blocker.reset?.();
      }}
      onConfirm={() => {
        const uuid = held.current;
        setBusy(true);
        void (uuid ? unlockSlot(uuid) : Promise.resolve()).then(() => {
          held.current = null;
          setBusy(false);
          setAskingBack(false);
          if (blocker.state === 'blocked') blocker.proceed();
          else onBack();
        });
      }}
    />
  );

  return {
    requestBack: () => setAskingBack(true),
    release: () => {
      held.current = null;
    },
    element,
  };
}
