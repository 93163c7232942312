import type { AppointmentRow } from '@prsp/contracts';
import { Link, useLocation } from 'react-router';
import { DataTable } from '@/components/ui/data-table';
import { formatTimeRange } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { BookingStatusBadge } from './booking-status';
import { UrgencyMark } from './urgency-mark';
import { shownStatus, withWhom } from './booking-helpers';

/**
 * The rows of all bookings and the history: when (the link to the details, which come back to this list as it
 * was), length, status, with whom and the service.
 */
export function BookingTable({
  rows,
  failed,
  empty,
  caption,
}: {
  rows: readonly AppointmentRow[] | undefined;
  failed: boolean;
  empty: string;
  caption: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const location = useLocation();
  const back = location.pathname + location.search;
  const now = useNow();
  return (
    <DataTable<AppointmentRow>
      rows={rows}
      failed={failed}
      empty={empty}
      caption={caption}
      columns={[
        t('expert.booking.columns.when'),
        t('expert.booking.columns.duration'),
        t('expert.booking.columns.status'),
        t('expert.booking.columns.who'),
        t('expert.booking.columns.service'),
      ]}
    >
      {(row) => {
        // The admin's list shows the same '11.5.2026 09.00–09.30' (one format for both lists).
        const when = formatTimeRange(row.startTime, row.endTime, lang);
        return (
          <tr key={row.id}>
            <td>
              <Link to={`/expert/appointment?id=${encodeURIComponent(row.id)}`} state={{ back }}>
                {when}
              </Link>
            </td>
            <td className="nowrap">{t('expert.booking.minutes', { count: row.duration })}</td>
            <td>
              <BookingStatusBadge status={shownStatus(row.status, row.visit, row.startTime <= now)} />
            </td>
            <td>
              {withWhom(row) || '–'}
              {row.kind === 'group' && <span className="hint block">{t('expert.booking.groupOf', { count: row.participantCount })}</span>}
              <UrgencyMark urgency={row.urgency} />
            </td>
            <td>{row.service ? row.service.name[lang] || row.service.name.fi : '–'}</td>
          </tr>
        );
      }}
    </DataTable>
  );
}
