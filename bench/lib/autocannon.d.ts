/** The part of autocannon 8's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    /** Concurrent connections (default 10). */
    connections?: number;
    /** Seconds to run (default 10). */
    duration?: number;
    /** Run the client in this many worker threads instead of the calling thread. */
    workers?: number;
    /** Responses whose body differs are counted in `mismatches`. */
    expectBody?: string;
  }

  /** Histogram summary; latency values are milliseconds, request values are per-second samples. */
  export interface Stats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    duration: number;
    samples: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    requests: Stats & { total: number; sent: number };
    latency: Stats & { totalCount: number };
    throughput: Stats & { total: number };
  }

  /** Without a callback the returned tracker is also a thenable of the result. */
  export default function autocannon(options: Options): PromiseLike<Result>;
}
