// A small closed-loop load generator: `concurrency` callers repeat one request for `seconds`.

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
}

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  seconds: number;
  /** The status every answer must have; anything else counts as an error. */
  expectStatus?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const caller = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await fetch(options.url, { method: options.method ?? 'GET', headers: options.headers, body: options.body });
        await response.arrayBuffer();
        if (response.status !== (options.expectStatus ?? 200)) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, caller));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}
