import { BULK_LIMITS, dayCount, isLocalDate, type BulkSelection } from '@prsp/contracts';
import type { BookingFilters } from './booking-filters';

/**
 * The bulk bar's selection (issue 33 point 2): rows ticked in the list, or what the list's filters name — an expert
 * (or every expert) on a day or a range of days. Pure, for the bar and its tests.
 */
export type BulkScope = 'rows' | 'filters';

/**
 * The filters as a range selection: from the 'from' day to the 'to' day (the 'from' day alone when there is no 'to'),
 * one expert's or everyone's. Undefined when there is no 'from' day or the range is longer than a bulk action takes.
 */
export function filterSelection(
  filters: Pick<BookingFilters, 'from' | 'to' | 'expertId'>,
): Extract<BulkSelection, { by: 'range' }> | undefined {
  if (!isLocalDate(filters.from)) return undefined;
  const to = isLocalDate(filters.to) ? filters.to : filters.from;
  const days = dayCount(filters.from, to);
  if (days < 1 || days > BULK_LIMITS.maxDays) return undefined;
  return { by: 'range', ...(filters.expertId ? { expertId: filters.expertId } : {}), from: filters.from, to };
}

/** The selection the bar acts on, or undefined when the scope names nothing. */
export function selectionOf(scope: BulkScope, ticked: ReadonlySet<string>, filters: BookingFilters): BulkSelection | undefined {
  if (scope === 'filters') return filterSelection(filters);
  if (ticked.size === 0 || ticked.size > BULK_LIMITS.maxItems) return undefined;
  return { by: 'ids', ids: [...ticked] };
}

export function toggled(ticked: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(ticked);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Ticks or unticks every row shown; rows ticked on other pages stay as they are. */
export function toggledAll(ticked: ReadonlySet<string>, shown: readonly string[], on: boolean): Set<string> {
  const next = new Set(ticked);
  for (const id of shown) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The 'select all shown' box: checked, unchecked or mixed (some of the shown rows ticked). */
export function allShownState(ticked: ReadonlySet<string>, shown: readonly string[]): boolean | 'mixed' {
  const n = shown.filter((id) => ticked.has(id)).length;
  if (n === 0) return false;
  return n === shown.length ? true : 'mixed';
}
