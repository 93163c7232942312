/**
 * CSV for Finnish spreadsheets (Excel and LibreOffice with Finnish settings open it with a double click): UTF-8 with a
 * byte order mark (else Excel reads ä and ö as two characters each), `;` between fields (the comma is the decimal
 * sign), CRLF line ends, decimal comma, dates as dd.mm.yyyy. docs/statistics.md 'CSV'.
 */

/** A cell: text, a number (written with a decimal comma), or nothing. */
export type CsvCell = string | number | null;

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/** A number with a decimal comma and no grouping (`1234,5`, `-50`), as a spreadsheet reads a number; `maxDecimals` rounds. */
export function csvNumber(value: number, maxDecimals = 2): string {
  const factor = 10 ** maxDecimals;
  const rounded = Math.round(value * factor) / factor;
  return String(rounded).replace('.', ',');
}

/** `YYYY-MM-DD` as `dd.mm.yyyy`. */
export function csvDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}

/**
 * One text field: quoted when it holds the separator, a quote or a line break (quotes doubled). A text that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or CR: a patient's comment could) gets a
 * leading apostrophe, so it stays text (OWASP 'CSV injection').
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  return typeof value === 'number' ? csvNumber(value) : csvText(value);
}

/** The whole file: the BOM, then each row's cells joined by `;`, each row ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => row.map(cell).join(SEPARATOR) + LINE_END).join('');
}
