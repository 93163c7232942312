// The few parts of autocannon's programmatic API the benchmarks use (no @types package is installed).
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: string]: number;
  };

  type Result = {
    url: string;
    duration: number;
    connections: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    warmup?: Result;
  };

  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    workers?: number;
    timeout?: number;
    warmup?: { connections?: number; duration?: number };
  };

  type Instance = PromiseLike<Result> & { stop(): void };

  function autocannon(options: Options): Instance;

  export type { Options, Result };
  export default autocannon;
}
