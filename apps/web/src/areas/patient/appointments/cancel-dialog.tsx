import { useState } from 'react';
import type { PatientAppointment } from '@prsp/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/form-fields';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useCancelAppointment } from '../api/booking-api';

/**
 * Spec §2 'Appointment cancel modal': asks once, with an optional reason that goes into the cancellation e-mails,
 * then `POST /api/services/cancel/{uuid}`; a toast tells how it went and the lists refresh (the mutation invalidates
 * them). `onDone` runs after a cancel that succeeded.
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
  const [reason, setReason] = useState('');
  const a = appointment;
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={a !== null}
      title={t('appointment.cancelDialog.title')}
      text={
        <>
          <p>
            {a ? t('appointment.cancelDialog.text', { name: a.name, time: formatDateTime(a.startTime, lang, { style: 'weekday' }) }) : ''}
          </p>
          <TextAreaField
            label={t('appointment.cancelDialog.reason')}
            hint={t('appointment.cancelDialog.reasonHint')}
            value={reason}
            onChange={setReason}
            rows={3}
          />
        </>
      }
      confirmLabel={t('appointment.cancelDialog.confirm')}
      cancelLabel={t('appointment.cancelDialog.keep')}
      danger
      busy={cancel.isPending}
      onCancel={close}
      onConfirm={() => {
        if (!a) return;
        cancel.mutate(
          { uuid: a.uuid, reason: reason.trim() },
          {
            onSuccess: () => {
              showToast(t('appointment.cancelDialog.done'));
              close();
              onDone?.();
            },
            onError: (err) => {
              const tooLate = err instanceof ApiError && err.statusCode === 403;
              showToast(t(tooLate ? 'appointment.cancelDialog.tooLate' : 'appointment.cancelDialog.failed'), 'error');
              close();
            },
          },
        );
      }}
    />
  );
}
