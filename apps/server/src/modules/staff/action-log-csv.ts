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

export type ActionLogRow = {
  at: Date;
  action: string;
  objectType: string | null;
  objectId: string | null;
  onBehalfOf: string | null;
  ip: string | null;
};

export const ACTION_LOG_COLUMNS = ['at', 'action', 'objectType', 'objectId', 'onBehalfOf', 'ip'] as const;

/** A user's audited actions as the downloadable action log. */
export function actionLogCsv(rows: readonly ActionLogRow[]): string {
  return toCsv(
    ACTION_LOG_COLUMNS,
    rows.map((r) => [r.at.toISOString(), r.action, r.objectType, r.objectId, r.onBehalfOf, r.ip]),
  );
}
