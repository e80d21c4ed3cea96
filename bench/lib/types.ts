/** What one benchmark reports: a ratio against a baseline, the goal it should meet, and the medians behind it. */
export interface BenchResult {
  name: string;
  /** The measured ratio, e.g. app req/s divided by bare req/s. */
  ratio: number;
  /** The target as a comparison with the ratio on the left, e.g. '>=0.85' or '<=1.2'. */
  goal: string;
  /** The medians the ratio came from, printed as `key=value` pairs in insertion order. */
  details: Record<string, number | string>;
}

/** The module shape of `bench/<name>.bench.ts`: its result, or its results when it measures several goals. */
export interface BenchModule {
  run(): Promise<BenchResult | BenchResult[]>;
}
