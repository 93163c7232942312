import { BOOKING_STATUSES, isLocalDate, type BookingStatus, type Language, type VisitState } from '@prsp/contracts';

/** The booking list's filters as the form holds them: empty text means 'any'. */
export type BookingFilters = {
  from: string;
  to: string;
  expertId: string;
  serviceId: string;
  status: '' | BookingStatus;
  patient: string;
  /** 'true': open timeslots are listed too (by default the list holds the appointments only). */
  openTimes: '' | 'true';
};

export const LIST_PAGE_SIZE = 25;

/** From today on, appointments without the open timeslots: what an admin opening the list wants to see first. */
export function defaultFilters(today: string): BookingFilters {
  return { from: today, to: '', expertId: '', serviceId: '', status: '', patient: '', openTimes: '' };
}

const KEYS = ['from', 'to', 'expertId', 'serviceId', 'status', 'patient', 'openTimes'] as const;

/**
 * The query of `GET /api/admin/bookings/list` and of the CSV export: only the filters that are set, trimmed, in a fixed
 * order (so the same filters give the same cache key), and the page when one is asked for.
 */
export function filterQuery(filters: BookingFilters, paging?: { page: number; pageSize: number }): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (paging) {
    params.set('page', String(paging.page));
    params.set('pageSize', String(paging.pageSize));
  }
  return params.toString();
}

/** The CSV download of what the list shows (every page), with the same filters, in the admin's language. */
export function bookingsCsvUrl(filters: BookingFilters, lang: Language): string {
  const query = filterQuery(filters);
  return `/api/admin/bookings/export.csv?${query ? `${query}&` : ''}lang=${lang}`;
}

/** The filters a list query can take: real dates, a range that does not end before it starts, a known status. */
export function filterErrors(filters: BookingFilters): Record<string, string> {
  const errors: Record<string, string> = {};
  if (filters.from && !isLocalDate(filters.from)) errors.from = 'date';
  if (filters.to && !isLocalDate(filters.to)) errors.to = 'date';
  if (!errors.from && !errors.to && filters.from && filters.to && filters.to < filters.from) errors.to = 'toBeforeFrom';
  if (filters.status && !(BOOKING_STATUSES as readonly string[]).includes(filters.status)) errors.status = 'invalid';
  if (filters.patient.trim().length > 100) errors.patient = 'tooLong';
  return errors;
}

/** Spec §4 'Booking statuses': selfBooked and booked are both shown as Reserved. */
export function statusLabel(status: BookingStatus): 'open' | 'reserved' | 'cancelled' {
  return status === 'selfBooked' || status === 'booked' ? 'reserved' : status;
}

export type RowAction = 'book' | 'editSlot' | 'deleteSlot' | 'edit' | 'cancel' | 'noShow' | 'delete';

/**
 * What an admin may do to a row, by its status: an open slot is booked, moved or removed; a reserved appointment is
 * edited or cancelled (every participant is told) until its visit is settled (held, marked a no-show, or its time
 * over: the server answers 423), and once it has started its patient can be marked a no-show; a cancelled one can
 * be removed. Nothing without the edit right (the server refuses anyway).
 */
export function rowActions(
  status: BookingStatus,
  canEdit: boolean,
  visit: { started: boolean; ended: boolean; state: VisitState | null } = { started: false, ended: false, state: null },
): RowAction[] {
  if (!canEdit) return [];
  switch (statusLabel(status)) {
    case 'open':
      return ['book', 'editSlot', 'deleteSlot'];
    case 'reserved': {
      const unsettled = !visit.ended && visit.state === null;
      const missable = visit.started && visit.state === null;
      return [...(unsettled ? (['edit', 'cancel'] as const) : []), ...(missable ? (['noShow'] as const) : [])];
    }
    case 'cancelled':
      return ['delete'];
  }
}
