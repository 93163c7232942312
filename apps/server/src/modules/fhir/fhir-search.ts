import { addDays, isLocalDate, startOfLocalDay } from '@prsp/contracts';
import { FhirError } from './fhir-outcome';

/** `_count` when the request names none, and the most one page may hold whatever it asks. */
export const FHIR_DEFAULT_COUNT = 50;
export const FHIR_MAX_COUNT = 100;

/** A date search as a half-open instant range on the searched column: `from <= value < to` (either end open). */
export type DateRange = { from?: Date; to?: Date };

export type Query = Record<string, string | string[] | undefined>;

/** The values of a parameter, repeated ones (`date=ge…&date=lt…`) and comma-separated ones alike. */
export function values(query: Query, name: string): string[] {
  const raw = query[name];
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(',')).filter((v) => v !== '');
}

/**
 * A search's parameters from the URL and from a POSTed form as one set (R4 http.html#search: a search by POST may
 * carry parameters in both): a parameter given in both has the values of both, as if repeated in one query.
 */
export function mergeParams(...parts: (Query | undefined)[]): Query {
  const merged: Record<string, string[]> = {};
  for (const part of parts)
    for (const [name, value] of Object.entries(part ?? {}))
      if (value !== undefined) (merged[name] ??= []).push(...(Array.isArray(value) ? value : [value]));
  return Object.fromEntries(Object.entries(merged).map(([name, all]) => [name, all.length === 1 ? all[0]! : all]));
}

// C0 and C1 control characters (NUL among them) and DEL: no identifier, date or reference holds one.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Refuses parameters the resource does not support, rather than answering more than was asked, and values holding a
 * control character (an OperationOutcome, 400: a NUL in an identifier was searched for and answered 200 before).
 */
export function assertKnownParams(query: Query, known: readonly string[]): void {
  for (const [name, value] of Object.entries(query)) {
    if (!known.includes(name) && !['_count', '_offset', '_format'].includes(name)) {
      throw new FhirError(400, 'not-supported', `Unsupported search parameter: ${name.slice(0, 40)}`);
    }
    if ((Array.isArray(value) ? value : [value ?? '']).some((v) => CONTROL.test(v)))
      throw new FhirError(400, 'invalid', `Control characters are not allowed in ${name}`);
  }
}

/** `_count` bounded by the hard cap, and the page's offset (`_offset`, from the Bundle's `next` link). */
export function paging(query: Query): { count: number; offset: number } {
  const [count] = values(query, '_count');
  const [offset] = values(query, '_offset');
  const parse = (v: string | undefined, fallback: number, name: string) => {
    if (v === undefined) return fallback;
    if (!/^\d{1,6}$/.test(v)) throw new FhirError(400, 'invalid', `Invalid ${name}`);
    return Number(v);
  };
  return { count: Math.min(parse(count, FHIR_DEFAULT_COUNT, '_count'), FHIR_MAX_COUNT), offset: parse(offset, 0, '_offset') };
}

/**
 * A FHIR date, dateTime or instant as the half-open span it names (FHIR search.html#date: a value's precision is its
 * implicit range): a year, month or day in the service's time zone, or a dateTime's minute, second or fraction of one.
 * So `gt` a resource's `meta.lastUpdated` (milliseconds) excludes that resource, although the database keeps
 * microseconds.
 */
function span(value: string): { lo: Date; hi: Date } {
  if (/^\d{4}$/.test(value)) return { lo: startOfLocalDay(`${value}-01-01`), hi: startOfLocalDay(`${Number(value) + 1}-01-01`) };
  if (/^\d{4}-\d{2}$/.test(value) && isLocalDate(`${value}-01`)) {
    const [y, m] = value.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    return { lo: startOfLocalDay(`${value}-01`), hi: startOfLocalDay(next) };
  }
  if (isLocalDate(value)) return { lo: startOfLocalDay(value), hi: startOfLocalDay(addDays(value, 1)) };
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  const at = time ? new Date(value) : null;
  if (time && at && !Number.isNaN(at.getTime())) {
    // A fraction finer than milliseconds is a millisecond: the finest a Date (and meta.lastUpdated) holds.
    const fraction = time[2];
    const ms = fraction ? 10 ** Math.max(0, 3 - fraction.length) : time[1] ? 1000 : 60_000;
    return { lo: at, hi: new Date(at.getTime() + ms) };
  }
  throw new FhirError(400, 'invalid', 'Invalid date value (YYYY, YYYY-MM, YYYY-MM-DD or a dateTime with a time zone)');
}

/**
 * The date parameter's values (`ge2026-11-01`, `lt2026-12-01`, `eq…`, `gt…`, `le…`) as one range on the column: FHIR's
 * prefixes over the implicit span of each value (a date is its whole day in Europe/Helsinki).
 */
export function dateRange(query: Query, name: string): DateRange | null {
  const all = values(query, name);
  if (all.length === 0) return null;
  const range: DateRange = {};
  const raise = (at: Date) => {
    if (!range.from || at > range.from) range.from = at;
  };
  const lower = (at: Date) => {
    if (!range.to || at < range.to) range.to = at;
  };
  for (const raw of all) {
    const match = /^(eq|ge|gt|le|lt)?(.+)$/.exec(raw)!;
    const prefix = match[1] ?? 'eq';
    const { lo, hi } = span(match[2]!);
    if (prefix === 'ge') raise(lo);
    else if (prefix === 'gt') raise(hi);
    else if (prefix === 'lt') lower(lo);
    else if (prefix === 'le') lower(hi);
    else {
      raise(lo);
      lower(hi);
    }
  }
  return range;
}

/**
 * The ids a reference parameter names (`patient=Patient/{id}` or a bare id) for one resource type; a malformed or
 * other-typed reference is a 400, an id that is not a UUID matches nothing.
 */
export function referenceIds(query: Query, name: string, type: string): string[] | null {
  const all = values(query, name);
  if (all.length === 0) return null;
  return all.map((raw) => {
    const match = /^(?:([A-Za-z]+)\/)?([A-Za-z0-9.-]{1,64})$/.exec(raw);
    if (!match || (match[1] !== undefined && match[1] !== type))
      throw new FhirError(400, 'invalid', `Invalid reference in ${name}: expected ${type}/{id}`);
    return match[2]!;
  });
}

/** References that may name one of several types (`actor=Patient/…` or `actor=Practitioner/…`), split by type. */
export function typedReferences(query: Query, name: string, types: readonly string[]): Record<string, string[]> | null {
  const all = values(query, name);
  if (all.length === 0) return null;
  const out: Record<string, string[]> = Object.fromEntries(types.map((t) => [t, []]));
  for (const raw of all) {
    const match = /^([A-Za-z]+)\/([A-Za-z0-9.-]{1,64})$/.exec(raw);
    if (!match || !types.includes(match[1]!))
      throw new FhirError(400, 'invalid', `Invalid reference in ${name}: expected ${types.join(' or ')}/{id}`);
    out[match[1]!]!.push(match[2]!);
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our ids are UUIDs: anything else matches nothing (and must not reach a uuid column, where it would be an error). */
export function uuids(ids: readonly string[]): string[] {
  return ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
}
