/**
 * The log's `err` serializer: what an error may tell an operator without telling them about a person.
 *
 * A database error carries the values of the failed statement: drizzle's `DrizzleQueryError` has them in
 * `params` and in its message (`Failed query: …\nparams: …`), PostgreSQL's error names them in `detail`
 * (`Key (email)=(…) already exists`) and often in its message (`invalid input syntax for type uuid: "…"`).
 * Those values are names, addresses, identity codes and their hashes, so none of them is logged: `params`,
 * `detail`, `where` and `internalQuery` are dropped, string literals in the SQL and anything quoted in the
 * server's message are blanked, and the stack is rebuilt from the cleaned message and its frames. Causes are serialized the
 * same way, so a wrapped database error is cleaned too.
 */

/** Fields of an error that name no value: codes and where in the schema it happened. */
const KEPT_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'schema', 'dataType'] as const;
const MAX_CAUSES = 5;

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: SerializedError;
  [field: string]: unknown;
};

type ErrorFields = Error & Partial<Record<(typeof KEPT_FIELDS)[number] | 'query' | 'params' | 'routine' | 'severity', unknown>>;

/** A PostgreSQL error (node-postgres or PGlite) or drizzle's wrapper around one. */
function isDatabaseError(err: ErrorFields): boolean {
  return 'params' in err || 'query' in err || typeof err.routine === 'string' || typeof err.severity === 'string';
}

/** SQL text with its string literals blanked (`'…'` becomes `'?'`); identifiers in double quotes stay. */
export function blankSqlLiterals(sqlText: string): string {
  return sqlText.replace(/'(?:[^']|'')*'/g, "'?'");
}

/** A database server's message with everything quoted blanked: it quotes the values it refused. */
export function blankQuoted(text: string): string {
  return blankSqlLiterals(text).replace(/"(?:[^"]|"")*"/g, '"?"');
}

function cleanMessage(err: ErrorFields): string {
  if (!isDatabaseError(err)) return err.message;
  // drizzle: 'Failed query: <sql>\nparams: <values>' — the values go, the SQL (with $n placeholders) stays.
  if (typeof err.query === 'string') return `Failed query: ${blankSqlLiterals(err.query)}`;
  return blankQuoted(err.message);
}

function frames(stack: string | undefined): string {
  if (!stack) return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) {
    // A string logged as `err` is the caller's own text; anything else is described by its type only.
    return typeof err === 'string'
      ? { type: 'string', message: err, stack: '' }
      : { type: typeof err, message: 'non-error value thrown', stack: '' };
  }
  const e = err as ErrorFields;
  const type = e.constructor?.name || e.name || 'Error';
  const message = cleanMessage(e);
  const stackFrames = frames(e.stack);
  const out: SerializedError = { type, message, stack: stackFrames ? `${type}: ${message}\n${stackFrames}` : `${type}: ${message}` };
  for (const field of KEPT_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (typeof e.query === 'string') out.query = blankSqlLiterals(e.query);
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
