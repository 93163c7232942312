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
