import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SERVICE_TIME_ZONE, ZAppointmentDetail, type AppointmentDetail, type Participant } from '@prsp/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toasts';
import { api } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';

/**
 * A guest on the organiser's view of an appointment (admin and expert): a sign-in locked by too many wrong PINs, and
 * 'send a new PIN' while the appointment is reserved and not over. The new PIN replaces the old one, lifts the lock
 * and goes out as the first invitation did (docs/guests.md); `path` is the area's call, `refresh` the queries to
 * read again.
 */
export function GuestPin({
  appointment,
  guest,
  path,
  refresh,
}: {
  appointment: AppointmentDetail;
  guest: Participant;
  path: string;
  refresh: readonly unknown[];
}) {
  const { t } = useTranslation();
  const now = useNow();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const send = useMutation({
    mutationFn: () => api(path, ZAppointmentDetail, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
  const reserved = appointment.status === 'booked' || appointment.status === 'selfBooked';
  if (guest.role !== 'guest' || !guest.email || !reserved || appointment.endTime <= now) return null;
  const locked = guest.pinLockedUntil !== null && guest.pinLockedUntil > now;
  return (
    <div className="guest-pin">
      {locked && (
        <p className="notice">
          {t('staff.guestPin.locked', { time: formatTime(guest.pinLockedUntil!, currentLanguage(), SERVICE_TIME_ZONE) })}
        </p>
      )}
      <button
        type="button"
        className="button small secondary"
        aria-label={t('staff.guestPin.sendNamed', { name: guest.name })}
        onClick={() => setAsking(true)}
      >
        {t('staff.guestPin.send')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('staff.guestPin.title')}
        text={<p>{t('staff.guestPin.text', { name: guest.name })}</p>}
        confirmLabel={t('staff.guestPin.send')}
        busy={send.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          send.mutate(undefined, {
            onSuccess: () => showToast(t('staff.guestPin.sent', { email: guest.email })),
            onError: () => showToast(t('staff.actionError'), 'error'),
            onSettled: () => setAsking(false),
          })
        }
      />
    </div>
  );
}
