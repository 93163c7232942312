import type { PatientAppointment } from '@prsp/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useCancelAppointment } from '../api/booking-api';

/**
 * Spec §2 'Appointment cancel modal': asks once, then `POST /api/services/cancel/{uuid}`; a toast tells how it went
 * and the lists refresh (the mutation invalidates them). `onDone` runs after a cancel that succeeded.
 */
export function CancelAppointmentDialog({
  appointment,
  onClose,
  onDone,
}: {
  appointment: PatientAppointment | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const cancel = useCancelAppointment();
  const a = appointment;
  return (
    <ConfirmDialog
      open={a !== null}
      title={t('appointment.cancelDialog.title')}
      text={
        <p>
          {a ? t('appointment.cancelDialog.text', { name: a.name, time: formatDateTime(a.startTime, lang, { style: 'weekday' }) }) : ''}
        </p>
      }
      confirmLabel={t('appointment.cancelDialog.confirm')}
      cancelLabel={t('appointment.cancelDialog.keep')}
      danger
      busy={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!a) return;
        cancel.mutate(a.uuid, {
          onSuccess: () => {
            showToast(t('appointment.cancelDialog.done'));
            onClose();
            onDone?.();
          },
          onError: (err) => {
            const tooLate = err instanceof ApiError && err.statusCode === 403;
            showToast(t(tooLate ? 'appointment.cancelDialog.tooLate' : 'appointment.cancelDialog.failed'), 'error');
            onClose();
          },
        });
      }}
    />
  );
}
