import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { startTestApp, type TestApp } from '../test/test-app';

/** One span as OTLP/HTTP's JSON encoding carries it (only what the tests read). */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string; boolValue?: boolean } }[];
};
type OtlpAttributes = OtlpSpan['attributes'];
type OtlpBody = { resourceSpans: { resource: { attributes: OtlpAttributes }; scopeSpans: { spans: OtlpSpan[] }[] }[] };

const SERVER = 2;
const CLIENT = 3;

/** A tiny OTLP/HTTP receiver: keeps every JSON export posted to /v1/traces and answers as a collector does. */
function startReceiver(): Promise<{ server: Server; url: string; exports: OtlpBody[]; paths: string[] }> {
  const exports: OtlpBody[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, exports, paths });
    }),
  );
}

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? value?.boolValue : Number(value.intValue));
};

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let spans: OtlpSpan[] = [];
let serviceName: unknown;
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

beforeAll(async () => {
  receiver = await startReceiver();
  const t: TestApp = await startTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`, OTEL_SERVICE_NAME: 'prsp-test' });
  try {
    // A public route with a parameter, called over the network as a browser would, inside a caller's trace.
    const found = await fetch(`${t.baseUrl}/api/config/espoo-demo`, { headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` } });
    expect(found.status).toBe(200);
    const missing = await t.app.inject({ url: '/api/config/no-such-organisation' });
    expect(missing.statusCode).toBe(404);
  } finally {
    // Closing the app flushes the batch: the spans are at the receiver when close() returns.
    await t.close();
  }
  spans = receiver.exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
  serviceName = receiver.exports[0]?.resourceSpans[0]?.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
});
afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

describe('tracing over OTLP/HTTP', () => {
  test('exports JSON to <endpoint>/v1/traces, named by OTEL_SERVICE_NAME', () => {
    expect(receiver.paths[0]).toBe('POST /v1/traces application/json');
    expect(serviceName).toBe('prsp-test');
  });

  test("a request is a server span with its route pattern and status, in the caller's trace", () => {
    const span = spans.find((s) => s.kind === SERVER && attr(s, 'http.response.status_code') === 200);
    expect(span).toBeDefined();
    expect(span!.name).toBe('GET /api/config/:companyId');
    expect(attr(span!, 'http.route')).toBe('/api/config/:companyId');
    expect(attr(span!, 'http.request.method')).toBe('GET');
    expect(span!.traceId).toBe(TRACE_ID);
    expect(span!.parentSpanId).toBe(CALLER_SPAN);
  });

  test('a refused request carries its status too, and a trace of its own', () => {
    const span = spans.find((s) => s.kind === SERVER && attr(s, 'http.response.status_code') === 404);
    expect(span?.name).toBe('GET /api/config/:companyId');
    expect(span?.traceId).not.toBe(TRACE_ID);
  });

  test.runIf(process.env.TEST_DATABASE_URL)("on PostgreSQL, the request's queries are its child spans, without values", () => {
    const request = spans.find((s) => s.kind === SERVER && attr(s, 'http.response.status_code') === 200)!;
    const queries = spans.filter((s) => s.kind === CLIENT && s.parentSpanId === request.spanId);
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) {
      expect(attr(q, 'db.system.name')).toBe('postgresql');
      expect(q.name).toBe(attr(q, 'db.operation.name'));
      expect(String(attr(q, 'db.query.text'))).not.toContain('espoo-demo');
    }
  });
});

describe('configuration', () => {
  test('off unless an endpoint is set; the traces endpoint wins over the base one', () => {
    expect(loadConfig({}).tracing.tracesUrl).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing.tracesUrl).toBe('http://collector:4318/v1/traces');
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://c.example/t' })
        .tracing.tracesUrl,
    ).toBe('https://c.example/t');
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
