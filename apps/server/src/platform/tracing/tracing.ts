import type { Context, ContextAPI, Span, SpanKind, SpanStatusCode, TextMapPropagator, Tracer } from '@opentelemetry/api';
import { TRACER_KEY, tracePostgresQueries } from './pg-tracing';

/** OpenTelemetry tracing's settings (config.ts): no `tracesUrl`, no tracing, and none of its packages loaded. */
export type TracingConfig = { tracesUrl: string | undefined; serviceName: string };

/**
 * What the request hooks and the PostgreSQL patch need, loaded only when tracing is on. `tracerKey` is the context
 * key under which a request's context carries its app's tracer: database spans are made with it, so several apps in
 * one process (the tests) each export their own, and a query outside a request (the job runner's polling) makes none.
 */
export type Tracing = {
  tracer: Tracer;
  context: ContextAPI;
  trace: { setSpan(ctx: Context, span: Span): Context };
  propagator: TextMapPropagator;
  tracerKey: symbol;
  SpanKind: typeof SpanKind;
  SpanStatusCode: typeof SpanStatusCode;
  /** Exports what is still buffered and stops the exporter. */
  shutdown(): Promise<void>;
};

let contextManagerSet: Promise<void> | undefined;

/**
 * The process-wide context manager (AsyncLocalStorage): what lets a database query find the request it serves. Set
 * once per process, whichever app started tracing first.
 */
async function ensureContextManager(context: ContextAPI): Promise<void> {
  contextManagerSet ??= import('@opentelemetry/context-async-hooks').then(({ AsyncLocalStorageContextManager }) => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  });
  return contextManagerSet;
}

/**
 * Starts exporting traces over OTLP/HTTP (JSON) to `tracesUrl`, batched. The SDK and the exporter are imported here,
 * on demand, so that with tracing off (the default) none of them is loaded and no hook runs. The exporter also reads
 * the standard `OTEL_EXPORTER_OTLP_HEADERS` (e.g. a collector's token). Every trace is sampled unless the caller's
 * `traceparent` says it is not (the SDK's parent-based default; since SDK 3 only `sdk-node` reads `OTEL_TRACES_SAMPLER`).
 */
export async function startTracing(config: TracingConfig): Promise<Tracing | undefined> {
  if (!config.tracesUrl) return undefined;
  const [api, sdk, { OTLPTraceExporter }, { resourceFromAttributes }, { W3CTraceContextPropagator }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
  ]);
  await ensureContextManager(api.context);
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: config.tracesUrl }) })],
  });
  const pg = (await import('pg')).default;
  tracePostgresQueries(pg.Client.prototype, api);
  return {
    tracer: provider.getTracer('prsp-server'),
    context: api.context,
    trace: api.trace,
    propagator: new W3CTraceContextPropagator(),
    tracerKey: TRACER_KEY,
    SpanKind: api.SpanKind,
    SpanStatusCode: api.SpanStatusCode,
    shutdown: () => provider.shutdown(),
  };
}
