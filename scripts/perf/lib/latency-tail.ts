import { percentile, round } from './stats';

/** One answered request as the load generator saw it: its latency, and whether it was its connection's first. */
export interface LatencySample {
  ms: number;
  first: boolean;
}

/**
 * The slowest requests of a run, split by connection (issue 26): the first request of each of the
 * load generator's connections waits for the server to accept the connection and then to read it,
 * which a server whose thread is saturated does only between turns of its event loop; every later
 * request of a connection waits only in the queue of requests already read. The p99 of all requests
 * mixes the two; the p99 of the later ones is the queue's.
 */
export interface LatencyTail {
  p50: number;
  p99: number;
  max: number;
  /** p99 of every request but each connection's first. */
  p99Established: number;
  /** Each connection's first request: how many, their median and longest latency. */
  firstRequests: { count: number; p50: number; max: number };
}

/** Math.max over a spread overflows the call stack past about 100,000 samples (a fast endpoint's 5 s). */
function largest(values: readonly number[]): number {
  return values.reduce((most, value) => (value > most ? value : most), 0);
}

export function describeTail(samples: readonly LatencySample[]): LatencyTail {
  const all = samples.map((sample) => sample.ms);
  const firsts = samples.filter((sample) => sample.first).map((sample) => sample.ms);
  const later = samples.filter((sample) => !sample.first).map((sample) => sample.ms);
  return {
    p50: round(percentile(all, 50), 1),
    p99: round(percentile(all, 99), 1),
    max: round(largest(all), 1),
    p99Established: round(percentile(later, 99), 1),
    firstRequests: {
      count: firsts.length,
      p50: round(percentile(firsts, 50), 1),
      max: round(largest(firsts), 1),
    },
  };
}
