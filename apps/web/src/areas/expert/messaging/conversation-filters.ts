import { SUBJECT_MAX } from '@prsp/contracts';

/**
 * The filters of the expert's conversation lists (spec §3 'Conversation list filters': isClosed, name, ssn,
 * subject). `isClosed` is fixed by the page (open or ended conversations); the rest the expert types.
 */
export type ConversationFilters = { isClosed: boolean; name?: string; ssn?: string; subject?: string };
export type TextFilters = Pick<ConversationFilters, 'name' | 'ssn' | 'subject'>;

const LIMITS = { name: 200, ssn: 20, subject: SUBJECT_MAX } as const;
const FILTER_NAMES = ['name', 'ssn', 'subject'] as const;

/** The typed filters as the server takes them: trimmed, cut to the contract's lengths, blank ones left out. */
export function cleanFilters(isClosed: boolean, typed: TextFilters): ConversationFilters {
  const filters: ConversationFilters = { isClosed };
  for (const key of FILTER_NAMES) {
    const value = typed[key]?.trim().slice(0, LIMITS[key]);
    if (value) filters[key] = key === 'ssn' ? value.toUpperCase() : value;
  }
  return filters;
}

/** The query string of `GET conversations`. */
export function conversationsSearch(filters: ConversationFilters): string {
  const q = new URLSearchParams({ isClosed: String(filters.isClosed) });
  for (const key of FILTER_NAMES) if (filters[key]) q.set(key, filters[key]);
  return q.toString();
}

/** The filters kept in the page address (so Back from a conversation returns to the same list). */
export function filtersFromSearch(isClosed: boolean, search: URLSearchParams): ConversationFilters {
  return cleanFilters(isClosed, { name: search.get('name') ?? '', ssn: search.get('ssn') ?? '', subject: search.get('subject') ?? '' });
}

export function searchOfFilters(filters: ConversationFilters): Record<string, string> {
  return Object.fromEntries(FILTER_NAMES.flatMap((key) => (filters[key] ? [[key, filters[key]]] : [])));
}

/** Whether any text filter is on (the empty list then says that nothing matched, not that there is nothing). */
export function isFiltered(filters: ConversationFilters): boolean {
  return FILTER_NAMES.some((key) => Boolean(filters[key]));
}
