// A small closed-loop load generator: `concurrency` callers repeat one request for `seconds`, each on a kept-alive
// connection of its own. It shares the machine with the server, so it uses node:http rather than fetch, whose web
// streams cost the client about twice the CPU per answer: what it spends, the server cannot.
import { Agent, request } from 'node:http';
import { percentile } from './percentiles.ts';

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

/** One request on the agent's connections; resolves with the status once the whole answer has arrived. */
function send(agent: Agent, url: URL, options: LoadOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = {
      ...options.headers,
      ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
    };
    const call = request(url, { agent, method: options.method ?? 'GET', headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(options.body);
  });
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const url = new URL(options.url);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const caller = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        if ((await send(agent, url, options)) !== (options.expectStatus ?? 200)) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, caller));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

export interface BurstOptions {
  /** The address asked in a round (a new search word each round, say). */
  url: (round: number) => string;
  headers?: Record<string, string>;
  /** Callers asking at the same moment in each round. */
  concurrency: number;
  rounds: number;
  /** A write before each round, so that its reads are the first after it. */
  before?: (round: number) => Promise<void>;
  /**
   * An address every caller asks once before the rounds, unmeasured, so that each has its connection open, as nginx
   * keeps its connections to the API: the rounds then time reads, not connections being opened. (The health check
   * also has the API's database pool open, as it is in steady use.)
   */
  warmUp: string;
}

/**
 * What the first reads after a write cost: `rounds` times, the write, then `concurrency` callers ask at the same
 * moment, each on a connection of its own, opened before the first round. req/s counts the rounds' reading time only.
 */
export async function bursts(options: BurstOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const warmUp = new URL(options.warmUp);
  await Promise.all(
    Array.from({ length: options.concurrency }, () =>
      send(agent, warmUp, { url: warmUp.href, headers: options.headers, concurrency: 1, seconds: 0 }),
    ),
  );
  const latencies: number[] = [];
  let errors = 0;
  let reading = 0;
  for (let round = 0; round < options.rounds; round++) {
    await options.before?.(round);
    const url = new URL(options.url(round));
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        const t0 = performance.now();
        try {
          if ((await send(agent, url, { url: url.href, headers: options.headers, concurrency: 1, seconds: 0 })) !== 200)
            errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }),
    );
    reading += performance.now() - started;
  }
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / (reading / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}
