import type { BookingStatus, VisitState } from '@prsp/contracts';
import { statusLabel } from './booking-filters';
import { useTranslation } from '@/lib/i18n';

/**
 * Spec §4 'Booking statuses': open, Reserved (booked by staff or by the patient), cancelled; a reserved one whose
 * visit was held or missed says so instead, and a cancelled one the canceller's reason.
 */
export function BookingStatusBadge({
  status,
  heldUntil,
  visit = null,
  cancelReason = null,
}: {
  status: BookingStatus;
  heldUntil?: string;
  visit?: VisitState | null;
  cancelReason?: string | null;
}) {
  const { t } = useTranslation();
  const label = statusLabel(status);
  return (
    <span className="status-group">
      {visit ? (
        <span className={`status visit-${visit}`}>{t(`admin.bookings.visit.${visit}`)}</span>
      ) : (
        <span className={`status booking-${label}`}>{t(`admin.bookings.status.${label}`)}</span>
      )}
      {heldUntil && <span className="hint block">{t('admin.bookings.heldUntil', { time: heldUntil })}</span>}
      {cancelReason && <span className="hint block">{t('admin.bookings.cancelReason', { reason: cancelReason })}</span>}
    </span>
  );
}
