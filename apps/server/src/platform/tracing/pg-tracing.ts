import type * as Api from '@opentelemetry/api';

/** The context key under which a traced request carries its app's tracer (the same symbol in every app). */
export const TRACER_KEY = Symbol.for('prsp.tracer');

type QueryCallback = (err: Error | null, res: unknown) => void;
type QueryFn = (this: unknown, config: unknown, values?: unknown, callback?: unknown) => unknown;
type PatchedClient = { query: QueryFn; [PATCHED]?: true };

const PATCHED = Symbol.for('prsp.pg-traced');

/** The statement's first word (`select`, `insert`, `begin`, …): the span's name, as the semantic conventions say. */
function operationOf(text: string): string {
  return /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? 'query';
}

/**
 * Wraps `pg`'s `Client#query` (every pooled connection's) so that a query made while a traced request is active becomes
 * a client span under it: `db.query.text` is the statement with its `$n` placeholders, never the values (names,
 * identity codes). Outside a request (jobs, migrations) the wrapper only looks up the context and calls through.
 * Applied once per process; `pg`'s own objects (cursors, streams) pass untouched.
 */
export function tracePostgresQueries(proto: unknown, api: typeof Api, key: symbol = TRACER_KEY): void {
  const client = proto as PatchedClient;
  if (client[PATCHED]) return;
  client[PATCHED] = true;
  const original = client.query;
  client.query = function traced(this: unknown, config: unknown, values?: unknown, callback?: unknown) {
    const tracer = api.context.active().getValue(key) as Api.Tracer | undefined;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (!tracer || submittable || typeof text !== 'string') return original.call(this, config, values, callback);
    const span = tracer.startSpan(operationOf(text), {
      kind: api.SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operationOf(text), 'db.query.text': text.slice(0, 2000) },
    });
    const end = (err: unknown) => {
      if (err) span.setStatus({ code: api.SpanStatusCode.ERROR, message: (err as { code?: string }).code ?? 'error' });
      span.end();
    };
    const done = (typeof values === 'function' ? values : callback) as QueryCallback | undefined;
    if (done) {
      const wrapped: QueryCallback = (err, res) => {
        end(err);
        done(err, res);
      };
      return typeof values === 'function' ? original.call(this, config, wrapped) : original.call(this, config, values, wrapped);
    }
    const result = original.call(this, config, values) as Promise<unknown>;
    result.then(
      () => end(undefined),
      (err: unknown) => end(err),
    );
    return result;
  };
}
