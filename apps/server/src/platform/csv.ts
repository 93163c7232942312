import { localDateTimeAt, type Language } from '@prsp/contracts';

/**
 * Quotes one CSV field (RFC 4180; also when it holds the `separator`) and defuses a leading formula character
 * (=, +, -, @, tab, CR) for spreadsheets.
 */
export function csvField(value: string | null | undefined, separator = ','): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document: a header row and data rows, CRLF after every record (RFC 4180); `,` unless told otherwise. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | null | undefined)[])[], separator = ','): string {
  return [header, ...rows].map((row) => `${row.map((v) => csvField(v, separator)).join(separator)}\r\n`).join('');
}

/** The byte order mark: without it Excel reads the UTF-8 file as Windows-1252 and breaks ä, ö and å. */
const BOM = '\uFEFF';

/** Finnish and Swedish spreadsheets use the decimal comma, so they expect `;` between fields. */
export const SPREADSHEET_SEPARATOR = ';';

/**
 * The one form of every CSV download people open in a spreadsheet (chat and message codes, bookings, action logs):
 * UTF-8 with a BOM, `;` between fields, RFC 4180 otherwise. Headers and values come in the admin's language
 * (`csvDate`, `csvDateTime`), never technical names or raw codes.
 */
export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly (string | null | undefined)[])[]): string {
  return BOM + toCsv(header, rows, SPREADSHEET_SEPARATOR);
}

/** A local date (`YYYY-MM-DD`) as spreadsheets of that language read a date: 1.2.2026 in fi and sv, ISO in en. */
export function csvDate(date: string, lang: Language): string {
  if (lang === 'en') return date;
  const [y, m, d] = date.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
}

/** An instant on the service's wall clock (Helsinki) as spreadsheets read a date and time: `16.3.2026 10:00`. */
export function csvDateTime(at: Date | number, lang: Language): string {
  const { date, time } = localDateTimeAt(at);
  return `${csvDate(date, lang)} ${time}`;
}
