import type { BookingStatus } from '@prsp/contracts';
import { statusLabel } from './booking-filters';
import { useTranslation } from '@/lib/i18n';

/** Spec §4 'Booking statuses': open, Reserved (booked by staff or by the patient), cancelled. */
export function BookingStatusBadge({ status, heldUntil }: { status: BookingStatus; heldUntil?: string }) {
  const { t } = useTranslation();
  const label = statusLabel(status);
  return (
    <span className="status-group">
      <span className={`status booking-${label}`}>{t(`admin.bookings.status.${label}`)}</span>
      {heldUntil && <span className="hint block">{t('admin.bookings.heldUntil', { time: heldUntil })}</span>}
    </span>
  );
}
