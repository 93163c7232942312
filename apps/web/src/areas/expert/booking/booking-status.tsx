import type { ShownStatus } from './booking-helpers';
import { useTranslation } from '@/lib/i18n';

/** Reserved, Free, Cancelled or Break (spec §4 'Booking statuses'), in words and colour alike. */
export function BookingStatusBadge({ status }: { status: ShownStatus }) {
  const { t } = useTranslation();
  return <span className={`status booking-${status}`}>{t(`expert.booking.status.${status}`)}</span>;
}
