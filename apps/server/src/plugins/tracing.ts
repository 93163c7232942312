import type { Context, Span, TextMapGetter } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingHttpHeaders } from 'node:http';
import { loggedPath } from '../platform/log/logged-path';
import { startTracing, type TracingConfig } from '../platform/tracing/tracing';

/** Reads a W3C `traceparent`/`tracestate` from the request's headers, so a trace begun by a caller goes on here. */
const headerGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key.toLowerCase()],
};

type Traced = { span: Span; ctx: Context };

/**
 * OpenTelemetry tracing of HTTP requests and the PostgreSQL queries they make (docs/operations.md 'Tracing'). Off
 * unless an OTLP endpoint is configured: then no hook is added here and the SDK is never imported. When on, each
 * request is a server span named by its method and route pattern (never the raw path, which carries ids), with its
 * status code; the span's context is made active for the request's hooks and handler, so the queries they run become
 * its children. Registered first of all plugins, so every later hook runs inside that context.
 */
export const tracingPlugin = fp(async (app: FastifyInstance, config: TracingConfig) => {
  const tracing = await startTracing(config);
  if (!tracing) return;
  const { tracer, context, trace, propagator, tracerKey, SpanKind, SpanStatusCode } = tracing;
  const traced = new WeakMap<FastifyRequest, Traced>();

  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url;
    const parent = propagator.extract(context.active(), req.headers, headerGetter);
    const span = tracer.startSpan(
      route ? `${req.method} ${route}` : req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'url.path': loggedPath(req.url),
          'url.scheme': req.protocol,
          ...(route ? { 'http.route': route } : {}),
          'prsp.request_id': req.id,
        },
      },
      parent,
    );
    const ctx = trace.setSpan(parent, span).setValue(tracerKey, tracer);
    traced.set(req, { span, ctx });
    context.with(ctx, done);
  });
  // A body is read in the socket's own callbacks, outside the context set above: take it up again for the handler.
  app.addHook('preHandler', (req, _reply, done) => {
    const entry = traced.get(req);
    if (entry) context.with(entry.ctx, done);
    else done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const entry = traced.get(req);
    if (entry) {
      entry.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
      entry.span.end();
      traced.delete(req);
    }
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    const entry = traced.get(req);
    if (entry) {
      entry.span.setAttribute('prsp.aborted', true);
      entry.span.end();
      traced.delete(req);
    }
    done();
  });
  // Last of the closing work: the spans of the final requests are exported before the process ends.
  app.addHook('onClose', () => tracing.shutdown());
});
