import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

/** One route to load: `headers` are sent with every request (e.g. a session cookie). */
export type RouteCase = { name: string; path: string; headers?: Record<string, string> };

export type Settings = { duration: number; warmup: number; connections: number; workers: number };

export type Measurement = { reqPerSec: number; p99Ms: number; total: number; problems: string[] };

export type Row = { database: string; route: string; measured: Measurement; bare: Measurement };

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 10); the warm-up is always 2 s. */
export function readSettings(): Settings {
  return {
    duration: positiveInt('BENCH_DURATION', 10),
    warmup: 2,
    connections: positiveInt('BENCH_CONNECTIONS', 10),
    // The load generator runs in a worker thread so it does not share the server's event loop.
    workers: 1,
  };
}

export function describeMachine(settings: Settings): string {
  const cpus = os.cpus();
  return [
    `node ${process.version} on ${os.platform()}/${os.arch()}, ${cpus.length} CPU (${cpus[0]?.model.trim() ?? 'unknown'})`,
    `settings: duration ${settings.duration} s, warm-up ${settings.warmup} s, connections ${settings.connections}, ` +
      `load generator in ${settings.workers} worker thread, same process as the servers`,
  ].join('\n');
}

/** What went wrong in one autocannon run (errors, timeouts, non-2xx answers), as lines to print. */
export function problemsOf(label: string, result: Result): string[] {
  const problems: string[] = [];
  if (result.errors > 0) problems.push(`${label}: ${result.errors} request errors (${result.timeouts} timeouts)`);
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(', ');
    problems.push(`${label}: ${result.non2xx} non-2xx responses (${codes})`);
  }
  if (result['2xx'] === 0) problems.push(`${label}: no successful responses at all`);
  return problems;
}

/** Loads `baseUrl + route.path` for the configured time after a warm-up; the warm-up's failures count too. */
export async function measure(baseUrl: string, route: RouteCase, settings: Settings): Promise<Measurement> {
  const result = await autocannon({
    url: new URL(route.path, baseUrl).href,
    headers: route.headers ?? {},
    connections: settings.connections,
    duration: settings.duration,
    workers: settings.workers,
    warmup: { connections: settings.connections, duration: settings.warmup },
  });
  const problems = [...(result.warmup ? problemsOf(`${route.name} (warm-up)`, result.warmup) : []), ...problemsOf(route.name, result)];
  return { reqPerSec: result.requests.average, p99Ms: result.latency.p99, total: result['2xx'], problems };
}

/** The baseline: a minimal Fastify instance on loopback answering one JSON route. */
export const BARE_ROUTE: RouteCase = { name: 'bare fastify JSON', path: '/bare' };

export async function startBareServer(): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = Fastify();
  app.get(BARE_ROUTE.path, async () => ({ status: 'ok' }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl: address };
}

/** Fails loudly when a route does not answer 200 with the given headers, before any load is put on it. */
export async function assertAnswers200(baseUrl: string, route: RouteCase): Promise<void> {
  const res = await fetch(new URL(route.path, baseUrl), { headers: route.headers ?? {}, redirect: 'manual' });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${route.name}: GET ${route.path} answered ${res.status}, expected 200: ${body.slice(0, 300)}`);
}

/** autocannon records latency in whole milliseconds (truncated), so 0 means under 1 ms. */
function formatMs(ms: number): string {
  return ms < 1 ? '<1' : ms.toFixed(0);
}

export function formatTable(rows: Row[]): string {
  const header = ['database', 'route', 'req/s', 'p99 ms', 'bare req/s', 'bare p99 ms', 'ratio'];
  const body = rows.map((r) => [
    r.database,
    r.route,
    r.measured.reqPerSec.toFixed(0),
    formatMs(r.measured.p99Ms),
    r.bare.reqPerSec.toFixed(0),
    formatMs(r.bare.p99Ms),
    r.bare.reqPerSec > 0 ? `${(r.measured.reqPerSec / r.bare.reqPerSec).toFixed(2)}×` : 'n/a',
  ]);
  return table(header, body, 2);
}

/** A plain-text table whose first `textColumns` columns align left and the figures after them right. */
export function table(header: string[], body: string[][], textColumns: number): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

/** Milliseconds to one decimal for the tables, 'n/a' where a run had no figure (NaN). */
export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');

/** Percentiles and maximum of `count` latencies, in milliseconds; NaN where there were none. */
export type Latency = { count: number; p50: number; p95: number; p99: number; max: number };

/** Nearest-rank percentiles of latencies in milliseconds. */
export function latencyOf(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { count: sorted.length, p50: rank(50), p95: rank(95), p99: rank(99), max: sorted.at(-1) ?? NaN };
}

/** Null when the PostgreSQL server at `url` answers `select 1` (connecting gives up after 2 s), else the reason it does not. */
export async function postgresAnswers(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Where startTestApp and openTestDatabase make their database: a PostgreSQL server's URL, or undefined for PGlite in memory. */
export function setTestDatabaseUrl(url: string | undefined): void {
  if (url === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = url;
}

/** A benchmark's exit code after its report: 1, with why on stderr, when it crashed or any check failed (`heading` first). */
export function verdict(crashed: unknown, failures: string[], heading = 'FAILED:'): number {
  if (crashed) {
    console.error('\nbenchmark failed:', crashed);
    return 1;
  }
  if (failures.length > 0) {
    console.error(`\n${heading}\n  ${failures.join('\n  ')}`);
    return 1;
  }
  return 0;
}

/** Runs a benchmark's `main`: its answer becomes the exit code; a throw is printed and exits 1. */
export async function runBenchmark(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (err) {
    console.error('benchmark failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}

/** A connection URL fit to print: the password, if any, replaced by '***'. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.href;
}

/** One goal a benchmark judged, for `npm run bench:all`'s summary: the figure beside its same-run baseline. */
export type Goal = { measurement: string; value: string; baseline: string; goal: string; met: boolean };

/** When BENCH_JSON names a file, writes the goals there as JSON ({ bench, ...goal } each), for bench/all.ts to read. */
export function reportGoals(bench: string, goals: Goal[]): void {
  const file = process.env.BENCH_JSON;
  if (file) writeFileSync(file, JSON.stringify(goals.map((g) => ({ bench, ...g }))));
}
